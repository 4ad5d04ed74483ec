// expected: TRUE
// args: --engine bmc
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
extern void reach_error(void);
void __VERIFIER_assert(int c) { if (!c) { reach_error(); } }
int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = __VERIFIER_nondet_int();
  __VERIFIER_assume(x > 0 && x < 100);
  __VERIFIER_assume(y == 2 * x + 1);
  __VERIFIER_assert(y % 2 == 1);
  __VERIFIER_assert(y / 2 == x);
  return 0;
}
