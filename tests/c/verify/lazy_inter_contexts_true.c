// expected: TRUE
// args: --engine lazy-inter  (InterLA: one procedure, four calling contexts, negative summaries)
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int abs1(int v) {
  if (v < 0) return -v;
  return v;
}
int main(void) {
  int a = __VERIFIER_nondet_int();
  if (a < -1000 || a > 1000) return 0;
  int p = abs1(a);
  int q = abs1(a + 1);
  int r = abs1(a - 1);
  int s = abs1(2 * a);
  if (p < 0 || q < 0 || r < 0 || s < 0) reach_error();
  return 0;
}
