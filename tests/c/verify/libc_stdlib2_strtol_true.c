// expected: TRUE
// args: --data-model ILP32
// strtol (C11 7.22.1.4): base 16 with and without 0x, base 0 (octal, hex, decimal), bases 2
// and 36; *endptr after the subject sequence, or the string itself without one; out of range
// clamps to the 32-bit LONG_MAX of ILP32.
#include <stdlib.h>
extern void reach_error(void);
int main(void) {
  char *end;
  char s[] = "  0x1fz";
  if (strtol(s, &end, 16) != 31 || end != s + 6) reach_error();
  if (strtol(s, &end, 0) != 31 || *end != 'z') reach_error();
  if (strtol("017", 0, 0) != 15 || strtol("-101", 0, 2) != -5 || strtol("zz", 0, 36) != 1295) reach_error();
  char x[] = "0xg";
  if (strtol(x, &end, 16) != 0 || end != x + 1) reach_error();
  char none[] = "  -";
  if (strtol(none, &end, 10) != 0 || end != none) reach_error();
  if (strtol("99999999999", 0, 10) != 2147483647L || strtoul("-2", 0, 10) != 4294967294UL) reach_error();
  return 0;
}
