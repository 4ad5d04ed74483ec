// expected: FALSE
// (default engine and precision: the portfolio's refuted path makes & and ^ exact; x = 0x33)
// stdout: "precision.escalated":1
extern void reach_error(void);
extern unsigned __VERIFIER_nondet_uint(void);
int main(void) {
  unsigned x = __VERIFIER_nondet_uint();
  if ((x & 0xF0u) == 0x30u && (x ^ 0x5u) == 0x36u) reach_error();
  return 0;
}
