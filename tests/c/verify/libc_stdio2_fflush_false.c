// expected: FALSE
// fflush may fail (EOF); the replay takes the failure from its input and returns EOF as glibc.
#include <stdio.h>
extern void reach_error(void);
int main(void) {
  int r = fflush(stdout);
  if (r < 0) reach_error();
  return 0;
}
