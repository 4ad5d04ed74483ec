// expected: TRUE
// args: --engine impact  (a for loop in a function inlined twice: its witness invariant is the disjunction over both calls, over the C names in scope)
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
extern void reach_error(void);
int count(int n) {
  int s = 0;
  for (int i = 0; i < n; i++) {
    int t = 1;
    s = s + t;
  }
  return s;
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  __VERIFIER_assume(n >= 0 && n <= 100);
  int a = count(n);
  int b = count(2);
  if (a != n || b != 2) reach_error();
  return 0;
}
