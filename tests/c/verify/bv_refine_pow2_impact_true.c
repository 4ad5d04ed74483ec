// expected: TRUE
// args: --engine impact --precision refine  (x & (x - 1) uninterpreted is enough: halving any x >= 1 ends at 1)
extern void reach_error(void);
extern unsigned __VERIFIER_nondet_uint(void);
int main(void) {
  unsigned x = __VERIFIER_nondet_uint();
  if (x != 0 && (x & (x - 1)) == 0) {
    unsigned y = x;
    while (y > 1) y = y >> 1;
    if (y != 1) reach_error();
  }
  return 0;
}
