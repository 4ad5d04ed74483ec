// expected: unsupported sprintf of a value known only at run time (its text is not modelled)
// The text of a value known only at run time is not modelled: unsupported, never a guess.
#include <stdio.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  char buf[16];
  sprintf(buf, "%d", __VERIFIER_nondet_int());
  return 0;
}
