// expected: FALSE
// A callback passed to a function: applying it twice is not the identity.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int c) { if (!c) { reach_error(); } }
int add3(int x) { return x + 3; }
int apply_twice(int (*f)(int), int x) { return f(f(x)); }
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x < 0 || x > 1000) return 0;
  __VERIFIER_assert(apply_twice(add3, x) < x + 6);
  return 0;
}
