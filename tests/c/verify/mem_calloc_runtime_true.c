// expected: TRUE
// args: --engine impact
// calloc with a size known only at run time: the first elements are tracked, and zero.
#include <stdlib.h>
extern void reach_error(void);
extern unsigned int __VERIFIER_nondet_uint(void);
int main(void) {
  unsigned int n = __VERIFIER_nondet_uint();
  if (n < 2 || n > 4) return 0;
  int *a = calloc(n, sizeof(int));
  if (!a) return 0;
  a[1] = 7;
  if (a[0] != 0 || a[1] != 7) reach_error();
  free(a);
  return 0;
}
