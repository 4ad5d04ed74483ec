// expected: TRUE
// args: --engine kind --kind-invariants none  (2-inductive: one block reaches the error only from x > 10)
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
extern void reach_error(void);
void __VERIFIER_assert(int c) { if (!c) { reach_error(); } }
int main(void) {
  int x = 0;
  while (x < 10) x++;
  __VERIFIER_assert(x <= 10);
  return 0;
}
