// expected: FALSE
// args: --data-model LP64
// strtoul of "-N" is N negated in unsigned long (C11 7.22.1.4p5); the error needs N = 3.
#include <limits.h>
#include <stdlib.h>
extern char __VERIFIER_nondet_char(void);
extern void reach_error(void);
int main(void) {
  char buf[3] = "-";
  buf[1] = __VERIFIER_nondet_char();
  if (strtoul(buf, 0, 10) == 18446744073709551613UL) reach_error();
  return 0;
}
