// expected: TRUE
// args: --engine impact  (forced covering, on by default; without it the first loop is unrolled)
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
extern void reach_error(void);
void __VERIFIER_assert(int c) { if (!c) { reach_error(); } }
int main(void) {
  int n = __VERIFIER_nondet_int();
  __VERIFIER_assume(n >= 0);
  int x = 0;
  while (x < n) x++;
  int y = 0;
  while (y < n) y++;
  __VERIFIER_assert(x == n);
  return 0;
}
