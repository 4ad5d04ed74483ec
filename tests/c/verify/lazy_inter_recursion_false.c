// expected: FALSE
// args: --engine lazy-inter  (the error needs three recursive calls and their returns)
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int f(int n) {
  if (n <= 0) return 0;
  return f(n - 1) + 1;
}
int main(void) {
  int a = __VERIFIER_nondet_int();
  int r = f(a);
  if (r == 3) reach_error();
  return 0;
}
