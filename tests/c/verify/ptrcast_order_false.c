// expected: FALSE
// No order of objects is fixed: a global may lie above or below a local, so the assertion
// that &a is below &b fails on some layout (the replay's has &a below... or not: the
// counterexample is confirmed on the replay's own layout).
extern void reach_error(void);
void __VERIFIER_assert(int c) { if (!c) { reach_error(); } }
int a;
int main(void) {
  int b;
  __VERIFIER_assert((unsigned long)&a > (unsigned long)&b);
  return 0;
}
