// expected: TRUE
// args: --engine summaries  (three assertions; the summaries of f and g made for the first are reused)
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int f(int x) { if (x > 0) return x + 1; return 1; }
int g(int x) { int y = f(x); return y + f(y); }
int main(void) {
  int a = __VERIFIER_nondet_int();
  int r = f(a);
  if (!(r >= 1)) reach_error();
  int s = g(a);
  if (!(s >= 2)) reach_error();
  int t = f(a) + f(a);
  if (!(t >= 2)) reach_error();
  return 0;
}
