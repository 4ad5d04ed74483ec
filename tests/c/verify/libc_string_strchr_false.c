// expected: FALSE
// stdout: __VERIFIER_nondet_int() returns 111
// 'o' (111) is found at position 4.
#include <string.h>
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
int main(void) {
  const char *s = "hello";
  char *p = strchr(s, __VERIFIER_nondet_int());
  if (p == s + 4) reach_error();
  return 0;
}
