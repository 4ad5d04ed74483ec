// expected: FALSE
// stdout: strncmp() returns 0
// With n = 2 the strings agree.
#include <string.h>
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
int main(void) {
  unsigned n = __VERIFIER_nondet_uint();
  if (n > 4) return 0;
  if (strncmp("abc", "abd", n) == 0 && n > 1) reach_error();
  return 0;
}
