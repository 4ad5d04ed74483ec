// expected: TRUE
// A loop of strcat: the engines need an invariant over the buffer's cells (certified).
#include <string.h>
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  char b[8];
  strcpy(b, "abc");
  int n = 0;
  while (__VERIFIER_nondet_int() && n < 3) {
    strcat(b, "x");
    n++;
  }
  if (strlen(b) != 3 + n) reach_error();
  return 0;
}
