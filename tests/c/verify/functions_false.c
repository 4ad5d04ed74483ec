// expected: FALSE
// args: --engine bmc
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int twice(int a) { return a + a; }
int pick(int a, int b) { return a > b ? a - b : b - a; }
int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = __VERIFIER_nondet_int();
  if (x < -1000 || x > 1000 || y < -1000 || y > 1000) return 0;
  if (pick(twice(x), y) == 13 && y > 0 && x > 0) reach_error();
  return 0;
}
