// expected: FALSE
// args: --engine bmc
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int a[5];
  for (int i = 0; i < 5; i++) a[i] = i;
  int k = __VERIFIER_nondet_int();
  if (k >= 0 && k < 5 && a[k] == 3) reach_error();
  return 0;
}
