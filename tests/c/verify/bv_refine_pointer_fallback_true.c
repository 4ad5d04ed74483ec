// expected: TRUE
// args: --engine bmc --precision refine  (a pointer variable and a product: the integer stage proves it, no words needed)
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int *g;
int a[3] = {1, 2, 3};
int main(void) {
  int x = __VERIFIER_nondet_int(), y = __VERIFIER_nondet_int();
  g = &a[1];
  if (x > 0 && x < 4 && y > 0 && y < 4 && x * y > 9) reach_error();
  if (*g != 2) reach_error();
  return 0;
}
