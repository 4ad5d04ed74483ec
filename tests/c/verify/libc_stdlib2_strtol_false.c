// expected: FALSE
// strtol in base 16 of a char array with a digit the input chooses; the error needs 'f'
// (or 'F'), and *endptr checks that the whole string was read.
#include <stdlib.h>
extern char __VERIFIER_nondet_char(void);
extern void reach_error(void);
int main(void) {
  char buf[4] = "1";
  buf[1] = __VERIFIER_nondet_char();
  char *end;
  long v = strtol(buf, &end, 16);
  if (v == 31 && end == buf + 2) reach_error();
  return 0;
}
