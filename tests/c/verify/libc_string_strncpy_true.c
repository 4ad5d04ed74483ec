// expected: TRUE
// strncpy pads with zeros up to n and writes no terminator when the source is longer.
#include <string.h>
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
int main(void) {
  char b[6] = "zzzzz";
  strncpy(b, "ab", 4);
  if (b[1] != 'b' || b[2] != 0 || b[3] != 0 || b[4] != 'z') reach_error();
  strncpy(b, "12345", 2);
  if (b[0] != '1' || b[1] != '2' || b[2] != 0) reach_error();
  return 0;
}
