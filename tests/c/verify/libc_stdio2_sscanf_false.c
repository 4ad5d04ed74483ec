// expected: FALSE
// sscanf of a char array and of a literal: the replay computes the values with glibc's sscanf
// (12 + 34 = 46, 'q', 0x1f), which reach the error.
#include <stdio.h>
extern void reach_error(void);
int main(void) {
  char buf[12] = " 12  34";
  int a = 0, b = 0;
  int r = sscanf(buf, "%d %d", &a, &b);
  char c = 0;
  unsigned long x = 0;
  int s = sscanf("q:1f", "%c:%lx", &c, &x);
  if (r == 2 && a + b == 46 && s == 2 && c == 'q' && x == 31) reach_error();
  return 0;
}
