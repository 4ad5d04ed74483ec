// expected: TRUE
// sprintf and snprintf write glibc's text of a literal format with constant arguments, and a
// terminating zero; snprintf keeps at most n - 1 characters and returns the full length.
#include <stdio.h>
extern void reach_error(void);
int main(void) {
  char buf[16];
  int n = sprintf(buf, "x=%d,%s%c", -42, "ab", 'Z');
  if (n != 9 || buf[0] != 'x' || buf[2] != '-' || buf[4] != '2' || buf[8] != 'Z' || buf[9] != 0) reach_error();
  char small[4];
  int m = snprintf(small, sizeof small, "%05u", 7u);
  if (m != 5 || small[0] != '0' || small[2] != '0' || small[3] != 0) reach_error();
  if (snprintf(0, 0, "%x", 255) != 2) reach_error();
  return 0;
}
