// expected: FALSE
// args: --engine bmc
// linear_search's shape: a block sized at run time, one element set, a search that never looks
// at the last element (for n = 1 it finds nothing); the tracked prefix holds that element.
#include <stdlib.h>
extern void reach_error(void);
extern unsigned int __VERIFIER_nondet_uint(void);
int main(void) {
  unsigned int n = __VERIFIER_nondet_uint() % 8 + 1;
  int *a = calloc(n, sizeof(int));
  if (!a) return 0;
  a[n / 2] = 3;
  unsigned int j;
  for (j = 0; j + 1 < n; j++)
    if (a[j] == 3) break;
  if (a[n / 2] != 3 || j + 1 >= n) reach_error();
  free(a);
  return 0;
}
