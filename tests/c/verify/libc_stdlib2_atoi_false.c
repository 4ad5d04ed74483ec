// expected: FALSE
// atoi of a char array holding a digit the input chooses: the error needs the digit 7 (the
// replay converts the array's string with glibc's atoi).
#include <stdlib.h>
extern char __VERIFIER_nondet_char(void);
extern void reach_error(void);
int main(void) {
  char buf[3];
  buf[0] = '4';
  buf[1] = __VERIFIER_nondet_char();
  buf[2] = 0;
  if (atoi(buf) == 47) reach_error();
  return 0;
}
