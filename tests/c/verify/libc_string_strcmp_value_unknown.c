// expected: UNKNOWN
// args: --engine bmc
// reason: not confirmed by replay
// A path that needs strcmp to return exactly -5 is not a FALSE: the replay returns glibc's value.
#include <string.h>
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
int main(void) {
  int r = strcmp("a", "b");
  if (r == -5) reach_error();
  return 0;
}
