// expected: FALSE
// atol of a malloc'ed block holding " -" and a digit the input chooses: the error needs -8.
#include <stdlib.h>
extern char __VERIFIER_nondet_char(void);
extern void reach_error(void);
int main(void) {
  char *s = (char *)malloc(4);
  s[0] = ' ';
  s[1] = '-';
  s[2] = __VERIFIER_nondet_char();
  s[3] = 0;
  long v = atol(s);
  free(s);
  if (v == -8L) reach_error();
  return 0;
}
