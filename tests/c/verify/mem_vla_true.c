// expected: TRUE
// args: --engine impact
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n <= 0 || n > 1000) return 0;
  int a[n];
  for (int i = 0; i < n; i++) a[i] = 0;
  return 0;
}
