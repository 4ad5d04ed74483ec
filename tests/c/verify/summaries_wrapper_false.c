// expected: FALSE
// args: --engine summaries  (each call of __VERIFIER_assert is an assertion; the second fails for a == 2)
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int c) { if (!c) { ERROR: reach_error(); } }
int f(int x) { if (x > 0) return x + 1; return 1; }
int main(void) {
  int a = __VERIFIER_nondet_int();
  int i = 0, s = 0;
  while (i < 3) { s = s + f(a); i++; }
  __VERIFIER_assert(s >= 3);
  __VERIFIER_assert(s != 9);
  return 0;
}
