// expected: FALSE
// args: --engine bmc --bound 3  (the product is refined by instances until the model is exact)
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = __VERIFIER_nondet_int();
  if (x != 6) return 0;
  if (y < 0 || y > 10) return 0;
  int p = x * y;
  if (p == 42) reach_error();
  return 0;
}
