// expected: FALSE
// The characters sprintf writes are ordinary cells of the buffer: reading them back reaches
// the error (replayed with glibc's text).
#include <stdio.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  char buf[8];
  int i = __VERIFIER_nondet_int();
  if (i < 0 || i > 5) return 0;
  sprintf(buf, "%d!", 12345);
  if (buf[i] == '!') reach_error();
  return 0;
}
