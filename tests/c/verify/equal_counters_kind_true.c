// expected: TRUE
// args: --engine kind --kind-invariants candidates  (x == y from sampled states, proved by Houdini, injected)
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
extern void reach_error(void);
void __VERIFIER_assert(int c) { if (!c) { reach_error(); } }
int main(void) {
  int n = __VERIFIER_nondet_int();
  int x = 0, y = 0;
  while (x < n) { x++; y++; }
  if (n >= 0) __VERIFIER_assert(x == y);
  return 0;
}
