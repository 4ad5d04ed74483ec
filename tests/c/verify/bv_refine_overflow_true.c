// expected: TRUE
// args: --engine bmc --precision refine  (uninterpreted, x * y could overflow; the refuted path makes the product exact)
// stdout: "precision.refinements":1
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int() % 1000, y = __VERIFIER_nondet_int() % 1000;
  if (x * y != y * x) reach_error();
  return 0;
}
