// expected: FALSE
// stdout: b[3] = 0
// strncpy pads b[3] with a zero.
#include <string.h>
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
int main(void) {
  char b[5] = "wxyz";
  strncpy(b, "a", 4);
  if (b[3] == 0) reach_error();
  return 0;
}
