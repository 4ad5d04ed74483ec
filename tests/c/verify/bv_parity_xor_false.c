// expected: FALSE
// args: --engine bmc --precision bv  (an off-by-one in the bit loop: bit 7 is never read)
extern void reach_error(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
int main(void) {
  unsigned char x = __VERIFIER_nondet_uchar();
  unsigned p = 0, q = x;
  for (int i = 0; i < 7; i++) p = p ^ ((x >> i) & 1u);
  q = q ^ (q >> 4);
  q = q ^ (q >> 2);
  q = q ^ (q >> 1);
  if (p != (q & 1u)) reach_error();
  return 0;
}
