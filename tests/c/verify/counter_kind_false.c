// expected: FALSE
// args: --engine kind --kind-invariants candidates  (the base case finds the error after five iterations)
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
extern void reach_error(void);
void __VERIFIER_assert(int c) { if (!c) { reach_error(); } }
int main(void) {
  int n = __VERIFIER_nondet_int();
  int i = 0, s = 0;
  while (i < n) { s += 2; i++; }
  if (s == 10) reach_error();
  return 0;
}
