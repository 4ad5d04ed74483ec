// expected: FALSE
// reason: the path uses the addresses of objects: it holds for the replay's layout of them
// No order of objects is fixed: a global may lie above or below a local, so the assertion
// that &a lies above &b fails on some layout; the counterexample is confirmed on the
// replay's own layout, and the verdict line says that it rests on one.
extern void reach_error(void);
void __VERIFIER_assert(int c) { if (!c) { reach_error(); } }
int a;
int main(void) {
  int b;
  __VERIFIER_assert((unsigned long)&a > (unsigned long)&b);
  return 0;
}
