// expected: UNKNOWN
// args: --engine bmc
// reason: out-of-bounds write
// sprintf past the end of its buffer is undefined (C11 7.21.6.6p2): "12345" and its zero need 6
// cells, the buffer has 4.
#include <stdio.h>
extern void reach_error(void);
int main(void) {
  char buf[4];
  sprintf(buf, "%d", 12345);
  reach_error();
  return 0;
}
