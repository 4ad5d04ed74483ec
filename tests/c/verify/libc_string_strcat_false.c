// expected: FALSE
// stdout: b[2] = 99
// strcat writes 'c' (99) at b[2].
#include <string.h>
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
int main(void) {
  char b[8] = "ab";
  strcat(b, "c");
  if (b[2] == 'c') reach_error();
  return 0;
}
