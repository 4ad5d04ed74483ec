// expected: TRUE
// args: --engine whale  (fibonacci stays non-negative)
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int fib(int n) { if (n < 1) return 0; if (n == 1) return 1; return fib(n - 1) + fib(n - 2); }
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x < 0 || x > 40) return 0;
  int r = fib(x);
  if (r < 0) reach_error();
  return 0;
}
