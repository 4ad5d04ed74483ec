// expected: FALSE
// The cells past the old size are uninitialised after realloc grows a block: only the old
// elements are copied, so q[2] can be anything (the replay reads the same inputs for them).
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int *p = (int *)malloc(2 * sizeof(int));
  p[0] = 1;
  p[1] = 2;
  int *q = (int *)realloc(p, 3 * sizeof(int));
  if (q[0] == 1 && q[1] == 2 && q[2] == 42) reach_error();
  free(q);
  return 0;
}
