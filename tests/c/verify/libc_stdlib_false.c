// expected: FALSE
// Each of abs, labs, llabs and rand takes part in the path to the error (the replay computes
// the first three with the C library and checks rand's value against [0, RAND_MAX]).
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int v = __VERIFIER_nondet_int();
  if (v > 0 || v < -100) return 0;
  srand(1);
  int r = rand();
  if (abs(v) == 17 && labs((long)v * 2) == 34 && llabs(v - 1LL) == 18 && r % 1000 == 999) reach_error();
  return 0;
}
