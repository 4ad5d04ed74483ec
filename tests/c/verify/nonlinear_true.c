// expected: TRUE
// args: --engine bmc --bound 3  (x*y is an uninterpreted function refined by instances: p = 12 at x=3, y=4)
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = __VERIFIER_nondet_int();
  int p = x * y;
  int q = y * x;
  if (x == 3 && y == 4 && p != 12) reach_error();
  return 0;
}
