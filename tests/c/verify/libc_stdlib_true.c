// expected: TRUE
// The C library's abs, labs, llabs, rand and srand with their standard meaning (docs/libc.md):
// craig 0.x reported FALSE here with "external abs() returns 11" and rand() = -1.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern long __VERIFIER_nondet_long(void);
extern void reach_error(void);
int main(void) {
  int v = __VERIFIER_nondet_int();
  long w = __VERIFIER_nondet_long();
  if (v < -10 || v > 10 || w < -5 || w > 5) return 0;
  if (abs(v) > 10) reach_error();
  if (labs(w) < 0 || llabs(-3LL) != 3) reach_error();
  srand(7);
  if (rand() < 0) reach_error();
  if (rand() > RAND_MAX) reach_error();
  return 0;
}
