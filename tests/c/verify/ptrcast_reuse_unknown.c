// expected: UNKNOWN
// reason: counterexample not confirmed by replay
// A freed block's address may be given to a later block (allocators do that), so the model
// must not prove the addresses different; the replay never reuses an address, so it does not
// confirm the counterexample either: UNKNOWN, never TRUE.
#include <stdlib.h>
extern void reach_error(void);
int main(void) {
  int *p = malloc(sizeof(int));
  unsigned long a = (unsigned long)p;
  free(p);
  int *q = malloc(sizeof(int));
  if ((unsigned long)q == a) reach_error();
  free(q);
  return 0;
}
