// expected: FALSE
// stdout: strcmp() returns 0
// The input character makes the strings equal.
#include <string.h>
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
int main(void) {
  char b[3] = "a";
  b[1] = (char)__VERIFIER_nondet_int();
  b[2] = 0;
  if (strcmp(b, "aq") == 0) reach_error();
  return 0;
}
