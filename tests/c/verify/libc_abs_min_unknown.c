// expected: UNKNOWN
// args: --engine bmc
// reason: abs of the most negative value
// abs(INT_MIN) is undefined (C11 7.22.6.1): the only path to the error goes through it.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int a = abs(__VERIFIER_nondet_int());
  if (a < 0) reach_error();
  return 0;
}
