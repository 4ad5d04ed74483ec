// expected: FALSE
// stdout: strlen() returns 3
// A pointer to one of two arrays at a symbolic offset: strlen(b + 1) is 3.
#include <string.h>
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  char a[4] = "ab", b[6] = "wxyz";
  char *p = __VERIFIER_nondet_int() ? a : b;
  int i = __VERIFIER_nondet_int();
  if (i < 0 || i > 2) return 0;
  if (strlen(p + i) == 3) reach_error();
  return 0;
}
