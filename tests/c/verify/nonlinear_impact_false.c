// expected: FALSE
// args: --engine impact  (x*y is uninterpreted: the path is made exact by instances before it counts)
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
extern void reach_error(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = __VERIFIER_nondet_int();
  __VERIFIER_assume(x > 1 && y > 1);
  if (x * y == 15) reach_error();
  return 0;
}
