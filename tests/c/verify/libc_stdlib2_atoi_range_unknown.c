// expected: UNKNOWN
// args: --engine bmc
// reason: atoi of a value out of range
// atoi of a value that int cannot represent is undefined (C11 7.22.1.2p2): the only path to the
// error goes through it.
#include <stdlib.h>
extern void reach_error(void);
int main(void) {
  int v = atoi("99999999999");
  if (v != 0) reach_error();
  return 0;
}
