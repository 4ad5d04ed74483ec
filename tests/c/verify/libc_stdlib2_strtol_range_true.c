// expected: TRUE
// args: --data-model LP64
// strtol clamps a value out of range to LONG_MAX / LONG_MIN (C11 7.22.1.4p8; errno is not
// modelled); strtoul negates after a '-' modulo 2^64 and clamps to ULONG_MAX.
#include <limits.h>
#include <stdlib.h>
extern void reach_error(void);
int main(void) {
  if (strtol("99999999999999999999", 0, 10) != LONG_MAX || strtol("-9223372036854775809", 0, 10) != LONG_MIN)
    reach_error();
  if (strtol("-9223372036854775808", 0, 10) != LONG_MIN) reach_error();
  char *end;
  char s[] = "42!";
  if (strtoul("-1", 0, 10) != ULONG_MAX || strtoul(s, &end, 10) != 42UL || *end != '!') reach_error();
  if (strtoul("99999999999999999999", 0, 10) != ULONG_MAX) reach_error();
  return 0;
}
