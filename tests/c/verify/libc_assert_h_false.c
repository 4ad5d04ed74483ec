// expected: FALSE
// args: --engine bmc
// An assert that holds on the path lets it go on to reach_error.
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  assert(x > 0);
  if (x == 6) reach_error();
  return 0;
}
