// expected: FALSE
// args: --engine lazy --no-lazy-learning  (the DART baseline: every feasible path in turn until one reaches the error)
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int a = __VERIFIER_nondet_int(), b = __VERIFIER_nondet_int(), c = __VERIFIER_nondet_int();
  int k = 0;
  if (a > 0) k = k + 1;
  if (b > 0) k = k + 2;
  if (c > 0) k = k + 4;
  if (k == 6 && a + b + c == 10) reach_error();
  return 0;
}
