// expected: TRUE
// args: --engine value-impact
// As valueimpact_whole_interpolant_false.c, but the final check holds: the proof needs the
// relation between d and b that atom-by-atom (Cartesian) abstraction drops.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n <= 0) return 0;
  int d = 0, b = 0;
  for (int i = 0; i < n; i++) {
    d = d - b;
    if (d != 0) reach_error();
    b = __VERIFIER_nondet_int();
    if (b == 0) return 0;
    d = d + b;
    if (d == 0) reach_error();
  }
  if (d != b) reach_error();
  return 0;
}
