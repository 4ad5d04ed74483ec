// expected: FALSE
// sscanf returns EOF when the string ends before the first conversion (C11 7.21.6.7p3), and 0
// when the first conversion does not match.
#include <stdio.h>
extern void reach_error(void);
int main(void) {
  int a = 0;
  int e = sscanf("   ", "%d", &a);
  int z = sscanf("abc", "%d", &a);
  if (e == -1 && z == 0) reach_error();
  return 0;
}
