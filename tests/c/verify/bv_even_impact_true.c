// expected: TRUE
// args: --engine impact --precision bv  (the loop invariant is a bit: the low bit of x stays 0; its witness is a mask)
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
int main(void) {
  unsigned x = 2 * (__VERIFIER_nondet_uint() % 1000u);
  while (__VERIFIER_nondet_int()) {
    x = x + 6u;
  }
  if ((x & 1u) != 0u) reach_error();
  return 0;
}
