// expected: TRUE
// args: --engine vinta-box  (intervals with widening find 0 <= x <= n at the loop head without refinement)
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
extern void reach_error(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  __VERIFIER_assume(n >= 0 && n <= 1000);
  int x = 0;
  while (x < n) x++;
  if (x > 1000) reach_error();
  return 0;
}
