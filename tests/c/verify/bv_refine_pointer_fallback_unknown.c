// expected: UNKNOWN
// args: --engine bmc --precision refine  (the integer stage cannot decide the product; a pointer variable: no word stage)
// stderr: words refused
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int cells[2] = {2, 5};
int main(void) {
  int *p = &cells[0];
  int u = __VERIFIER_nondet_int(), v = __VERIFIER_nondet_int();
  if (*p == 2 && u > 1 && u < 1000 && v > 1 && v < 1000 && u * v == 391) reach_error();
  return 0;
}
