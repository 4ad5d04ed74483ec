// expected: FALSE
// stdout: "precision.refinements":1
// args: --engine bmc --precision refine  (the product starts uninterpreted; the refuted path makes it exact, then 17 * 23)
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int(), y = __VERIFIER_nondet_int();
  if (x > 1 && x < 1000 && y > 1 && y < 1000) {
    if (x * y == 391) reach_error();
  }
  return 0;
}
