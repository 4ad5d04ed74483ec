// expected: UNKNOWN
// args: --engine bmc
// reason: undefined behaviour
// strlen of a null pointer.
#include <string.h>
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
int main(void) {
  char *p = 0;
  if (__VERIFIER_nondet_int()) p = "a";
  if (strlen(p) == 0) reach_error();
  return 0;
}
