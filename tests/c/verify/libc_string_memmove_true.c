// expected: TRUE
// memmove within one array: as if through a temporary copy.
#include <string.h>
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
int main(void) {
  int a[4] = {1, 2, 3, 4};
  memmove(a + 1, a, 3 * sizeof(int));
  if (a[0] != 1 || a[1] != 1 || a[2] != 2 || a[3] != 3) reach_error();
  return 0;
}
