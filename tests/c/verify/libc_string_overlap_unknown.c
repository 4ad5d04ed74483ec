// expected: UNKNOWN
// args: --engine bmc
// reason: overlapping
// memcpy between overlapping ranges is undefined (memmove is not).
#include <string.h>
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
int main(void) {
  int a[4] = {1, 2, 3, 4};
  memcpy(a + 1, a, 2 * sizeof(int));
  reach_error();
  return 0;
}
