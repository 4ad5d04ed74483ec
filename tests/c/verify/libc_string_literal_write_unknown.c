// expected: UNKNOWN
// args: --engine bmc
// reason: undefined behaviour
// strcpy into a string literal.
#include <string.h>
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
int main(void) {
  char *p = "abc";
  strcpy(p, "x");
  reach_error();
  return 0;
}
