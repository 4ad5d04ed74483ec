// expected: TRUE
// args: --engine impact  (the uninterpreted product is refuted at the point x = 3, y = 4)
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
extern void reach_error(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = __VERIFIER_nondet_int();
  __VERIFIER_assume(x == 3 && y == 4);
  if (x * y != 12) reach_error();
  return 0;
}
