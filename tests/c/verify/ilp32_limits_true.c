// expected: TRUE
// Under ILP32 (the default data model) the headers' constants and types are the 32-bit ones,
// also on a machine without the i386 headers: craig used the host's 64-bit <limits.h> there,
// so LONG_MAX was 0x7fffffffffffffffL, which a 32-bit long turns into -1 (a wrong FALSE).
#include <limits.h>
#include <stdint.h>
#include <stddef.h>
extern void reach_error(void);
int main(void) {
  long m = LONG_MAX;
  if (m != 2147483647) reach_error();
  if (ULONG_MAX != 4294967295UL) reach_error();
  if (sizeof(size_t) != 4 || sizeof(intptr_t) != 4 || sizeof(int64_t) != 8) reach_error();
  if (INT64_MAX != 9223372036854775807LL) reach_error();
  return 0;
}
