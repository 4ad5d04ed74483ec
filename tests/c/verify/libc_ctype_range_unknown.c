// expected: UNKNOWN
// args: --engine bmc
// reason: neither EOF nor an unsigned char
// A <ctype.h> argument outside EOF and the unsigned char values is undefined (C11 7.4p1).
#include <ctype.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int c = __VERIFIER_nondet_int();
  if (c < 256) return 0;
  if (isdigit(c) == 0) reach_error();
  return 0;
}
