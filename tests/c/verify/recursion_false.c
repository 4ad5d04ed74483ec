// expected: FALSE
// args: --engine bmc
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int sum(int n) { if (n <= 0) return 0; return n + sum(n - 1); }
int main(void) {
  int k = __VERIFIER_nondet_int();
  if (k > 2) return 0;
  if (sum(k) == 3) reach_error();
  return 0;
}
