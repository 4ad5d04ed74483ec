// expected: TRUE
// atoi and atol (C11 7.22.1.2) on string literals and on a char array the program fills:
// leading white space, a sign, the digits up to the first other character.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  if (atoi("  -42abc") != -42 || atoi("+7") != 7 || atoi("x1") != 0 || atol("\t\n 123456") != 123456L)
    reach_error();
  char buf[4];
  int d = __VERIFIER_nondet_int();
  if (d < 0 || d > 9) return 0;
  buf[0] = '1';
  buf[1] = (char)('0' + d);
  buf[2] = 0;
  int v = atoi(buf);
  if (v < 10 || v > 19 || v != 10 + d) reach_error();
  return 0;
}
