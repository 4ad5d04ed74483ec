// expected: UNKNOWN
// args: --engine bmc
// reason: unterminated
// strlen of an array without a terminator.
#include <string.h>
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
int main(void) {
  char b[3] = {'a', 'b', 'c'};
  if (strlen(b) == 3) reach_error();
  return 0;
}
