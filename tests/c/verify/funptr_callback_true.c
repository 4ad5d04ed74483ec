// expected: TRUE
// A callback passed to a function that applies it; also compared with each other and with null.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int c) { if (!c) { reach_error(); } }
int add3(int x) { return x + 3; }
int sub3(int x) { return x - 3; }
int apply(int (*f)(int), int x) {
  if (f == 0) return x;
  return f(x);
}
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x < -1000 || x > 1000) return 0;
  int (*f)(int) = __VERIFIER_nondet_int() ? add3 : sub3;
  int (*g)(int) = f == add3 ? sub3 : add3;
  __VERIFIER_assert(f != g);
  __VERIFIER_assert(apply(g, apply(f, x)) == x);
  __VERIFIER_assert(apply(0, x) == x);
  return 0;
}
