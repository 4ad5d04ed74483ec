// expected: TRUE
// args: --engine bmc --precision bv  (x inside the mask m = 0xff is at most 255)
extern void reach_error(void);
extern unsigned __VERIFIER_nondet_uint(void);
int main(void) {
  unsigned x = __VERIFIER_nondet_uint(), m = __VERIFIER_nondet_uint();
  if (m == 0xffu && (x & m) == x) {
    if (x > 255u) reach_error();
    if ((x | m) != m) reach_error();
  }
  return 0;
}
