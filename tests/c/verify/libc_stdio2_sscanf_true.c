// expected: TRUE
// sscanf (over-approximated: docs/libc.md) returns EOF or the number of targets it assigned,
// at most the number of targets, and a target after the last assigned one keeps its value.
#include <stdio.h>
extern void reach_error(void);
int main(void) {
  char buf[8] = "7 x";
  int a = 0, b = 5;
  int r = sscanf(buf, "%d %d", &a, &b);
  if (r > 2 || r < -1) reach_error();
  if (r < 2 && b != 5) reach_error();
  unsigned u;
  char c;
  r = sscanf("ff,z", "%x,%c", &u, &c);
  if (r > 2) reach_error();
  return 0;
}
