// expected: FALSE
// snprintf truncates to n - 1 characters and a zero, and still returns the full length.
#include <stdio.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  char buf[8];
  int k = __VERIFIER_nondet_int();
  int n = snprintf(buf, 3, "%s", "hello");
  if (n == 5 && buf[2] == 0 && buf[1] == 'e' && k == 1) reach_error();
  return 0;
}
