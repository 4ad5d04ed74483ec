// expected: TRUE
// args: --engine impact
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int a[5];
  for (int i = 0; i < 5; i++) a[i] = i * 2;
  int k = __VERIFIER_nondet_int();
  if (k >= 0 && k < 5) {
    if (a[k] != 2 * k) reach_error();
  }
  return 0;
}
