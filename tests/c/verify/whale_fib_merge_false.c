// expected: FALSE
// args: --engine whale --whale-merge  (fib(5) = 5; both calls of fib's body share one child ARG)
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int fib(int n) { if (n < 1) return 0; if (n == 1) return 1; return fib(n - 1) + fib(n - 2); }
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x < 0 || x > 10) return 0;
  int r = fib(x);
  if (r == 5) reach_error();
  return 0;
}
