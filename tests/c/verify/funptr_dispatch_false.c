// expected: FALSE
// A dispatch table of handlers: the doubling handler breaks the claimed bound.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int c) { if (!c) { reach_error(); } }
typedef int (*handler)(int);
int inc(int x) { return x + 1; }
int dbl(int x) { return 2 * x; }
int main(void) {
  handler table[2];
  table[0] = inc;
  table[1] = dbl;
  int op = __VERIFIER_nondet_int();
  int x = __VERIFIER_nondet_int();
  if (op < 0 || op > 1 || x < 0 || x > 1000) return 0;
  int r = (*table[op])(x);
  __VERIFIER_assert(r <= x + 1);
  return 0;
}
