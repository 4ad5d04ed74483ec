// expected: FALSE
// stdout: a[2] = 0
// memset(a, 0, n) with n = 3 ints clears a[2] too.
#include <string.h>
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
int main(void) {
  int a[4] = {1, 2, 3, 4};
  unsigned n = __VERIFIER_nondet_uint();
  if (n > 4) return 0;
  memset(a, 0, n * sizeof(int));
  if (a[2] == 0 && a[3] == 4) reach_error();
  return 0;
}
