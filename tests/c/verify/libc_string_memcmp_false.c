// expected: FALSE
// stdout: memcmp() returns
// Equal arrays when the input is 7.
#include <string.h>
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
int main(void) {
  int a[2] = {1, 7}, b[2];
  b[0] = 1;
  b[1] = __VERIFIER_nondet_int();
  if (memcmp(a, b, sizeof a) == 0) reach_error();
  return 0;
}
