// expected: FALSE
// args: --engine impact --impact-forced-covering
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int twice(int a) { return a + a; }
int main(void) {
  int k = __VERIFIER_nondet_int();
  int t = 0;
  for (int i = 0; i < k && i < 100; i++) t = t + twice(1);
  if (t == 8) reach_error();
  return 0;
}
