// expected: FALSE
// stdout: b[2] = 0
// strcpy writes the terminator at b[2].
#include <string.h>
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
int main(void) {
  char b[4] = "xyz";
  strcpy(b, "ab");
  if (b[2] == 0) reach_error();
  return 0;
}
