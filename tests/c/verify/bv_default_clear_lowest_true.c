// expected: TRUE
// (default engine and precision: clearing the lowest set bit never makes a byte larger)
// stdout: "precision.escalated":1
extern void reach_error(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
int main(void) {
  unsigned x = __VERIFIER_nondet_uchar();
  unsigned y = x & (x - 1u);
  if (y > x) reach_error();
  return 0;
}
