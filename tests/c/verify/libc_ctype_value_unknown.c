// expected: UNKNOWN
// reason: counterexample not confirmed by replay
// isdigit returns "nonzero" (C11 7.4.1.5); glibc returns 2048, never 1. The path with
// isdigit() == 1 is one the lowering allows, and the replay, which calls glibc's function,
// refutes it. craig printed FALSE here ("isdigit() returns 1"): its replay called a C++
// isdigit that GCC expanded to 0/1 (found by the random differential test, h-genc).
#include <ctype.h>
extern void reach_error(void);
int main(void) {
  if (isdigit('5') == 1) reach_error();
  return 0;
}
