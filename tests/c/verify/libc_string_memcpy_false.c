// expected: FALSE
// stdout: b[1] = 7
// memcpy copies the first two ints.
#include <string.h>
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
int main(void) {
  int a[2], b[2] = {0, 0};
  a[0] = __VERIFIER_nondet_int();
  a[1] = 7;
  memcpy(b, a, 2 * sizeof(int));
  if (b[1] == 7) reach_error();
  return 0;
}
