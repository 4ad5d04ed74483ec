// expected: FALSE
// stdout: strlen() returns 1
// A zero written at index 1 makes the length 1.
#include <string.h>
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
int main(void) {
  char b[4] = "abc";
  b[__VERIFIER_nondet_uint() % 3] = 0;
  if (strlen(b) == 1) reach_error();
  return 0;
}
