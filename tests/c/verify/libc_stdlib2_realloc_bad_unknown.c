// expected: UNKNOWN
// args: --engine bmc
// reason: not the start of its block
// realloc of a pointer into the middle of a block is undefined (C11 7.22.3.5p3).
#include <stdlib.h>
extern void reach_error(void);
int main(void) {
  int *p = (int *)malloc(4 * sizeof(int));
  int *q = (int *)realloc(p + 1, 2 * sizeof(int));
  q[0] = 1;
  reach_error();
  return 0;
}
