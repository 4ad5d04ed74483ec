// craig verify: FALSE, "isdigit() returns 1 (C library)"; compiled with gcc and glibc,
// isdigit('5') is 2048 and reach_error is never called (see README.md, finding 1).
#include <ctype.h>
extern void reach_error(void);
int main(void) {
  if (isdigit('5') == 1) reach_error();
  return 0;
}
