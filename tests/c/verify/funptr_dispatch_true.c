// expected: TRUE
// A dispatch table of handlers (an array of function pointers, a typedef) indexed by a nondeterministic opcode.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int c) { if (!c) { reach_error(); } }
typedef int (*handler)(int);
int inc(int x) { return x + 1; }
int dbl(int x) { return 2 * x; }
int neg(int x) { return -x; }
handler table[3] = { inc, &dbl, neg };
int main(void) {
  int op = __VERIFIER_nondet_int();
  int x = __VERIFIER_nondet_int();
  if (op < 0 || op > 2 || x < 0 || x > 1000) return 0;
  int r = table[op](x);
  if (op == 0) __VERIFIER_assert(r == x + 1);
  if (op == 1) __VERIFIER_assert(r == 2 * x);
  if (op == 2) __VERIFIER_assert(r <= 0);
  return 0;
}
