// expected: UNKNOWN
// args: --engine bmc
// reason: access to a dead object
// After realloc the old block is freed (C11 7.22.3.5p2): writing through the old pointer is a
// use after free, undefined behaviour, so the path to the error is never a FALSE.
#include <stdlib.h>
extern void reach_error(void);
int main(void) {
  int *p = (int *)malloc(2 * sizeof(int));
  int *q = (int *)realloc(p, 4 * sizeof(int));
  p[0] = 5;
  q[0] = 5;
  if (q[0] == 5) reach_error();
  return 0;
}
