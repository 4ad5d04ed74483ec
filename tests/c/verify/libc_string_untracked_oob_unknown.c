// expected: UNKNOWN
// args: --engine bmc
// reason: undefined behaviour
// strlen at an offset at or past the end of an untracked array: undefined.
#include <string.h>
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
char big[1000];
int main(void) {
  int i = __VERIFIER_nondet_int();
  if (i < 0) return 0;
  if (i >= 1000 && strlen(big + i) < 5) reach_error();
  return 0;
}
