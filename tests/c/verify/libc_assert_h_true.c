// expected: TRUE
// args: --engine bmc
// <assert.h>'s assert aborts the program when its condition is false (__assert_fail): under
// unreach-call only reach_error violates the property, so this program is safe although the
// assertion can fail (SV-COMP's product-lines tasks call __assert_fail outside reach_error).
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  assert(x != 5);
  if (x == 5) reach_error();
  return 0;
}
