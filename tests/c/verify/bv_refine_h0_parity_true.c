// expected: TRUE
// args: --engine bmc --precision refine --precision-heuristic h0  (h0: the first falsified operator on the path)
// timeout: 12  (the integer stage gets half of it and cannot count the bits; then words)
extern void reach_error(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
int main(void) {
  unsigned char x = __VERIFIER_nondet_uchar();
  unsigned p = 0, count = 0;
  for (int i = 0; i < 8; i++) {
    p = p ^ ((x >> i) & 1u);
    count = count + ((x >> i) & 1u);
  }
  if (p != (count & 1u)) reach_error();
  return 0;
}
