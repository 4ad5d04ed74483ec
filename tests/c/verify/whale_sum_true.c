// expected: TRUE
// args: --engine whale  (a recursive sum with a postcondition)
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int sum(int n) { if (n <= 0) return 0; return n + sum(n - 1); }
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 10000) return 0;
  int s = sum(n);
  if (s < n) reach_error();
  return 0;
}
