// expected: FALSE
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > 8) return 0;
  int a[n][2];
  for (int i = 0; i < n; i++) a[i][1] = i;
  if (n == 3) reach_error();
  return 0;
}
