// expected: TRUE
// args: --engine summaries  (recursion complete within unwinding 8; the gate re-derives it)
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int sum(int n) { if (n <= 0) return 0; return n + sum(n - 1); }
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 4) return 0;
  if (sum(n) > 10) reach_error();
  return 0;
}
