// expected: FALSE
// stdout: a[2] = 4
// memmove shifts left by one: a[2] gets a[3].
#include <string.h>
extern void reach_error(void);
int main(void) {
  int a[4] = {1, 2, 3, 4};
  memmove(a, a + 1, 3 * sizeof(int));
  if (a[2] == 4) reach_error();
  return 0;
}
