// expected: UNKNOWN
// args: --engine bmc
// reason: undefined behaviour
// memset past the end of int[2].
#include <string.h>
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
int main(void) {
  int a[2];
  memset(a, 0, 3 * sizeof(int));
  reach_error();
  return 0;
}
