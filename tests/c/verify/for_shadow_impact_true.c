// expected: TRUE
// args: --engine impact  (a for loop whose counter shadows an outer i: witness invariants name the inner one)
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
extern void reach_error(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  __VERIFIER_assume(n >= 0 && n <= 1000);
  int i = 7;
  int s = 0;
  for (int i = 0; i < n; i++) {
    s = 1;
  }
  if (n > 0 && s != 1) reach_error();
  return 0;
}
