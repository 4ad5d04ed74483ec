// expected: TRUE
// args: --engine bmc --precision uf  (uninterpreted unsigned products (no overflow to check): x * y and y * x are one value by congruence and commutativity)
extern void reach_error(void);
extern unsigned __VERIFIER_nondet_uint(void);
int main(void) {
  unsigned x = __VERIFIER_nondet_uint(), y = __VERIFIER_nondet_uint();
  if (x * y != y * x) reach_error();
  return 0;
}
