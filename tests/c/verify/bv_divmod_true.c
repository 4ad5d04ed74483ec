// expected: TRUE
// args: --engine bmc --precision bv  (C's truncating division on char values: q * d + r == n)
extern void reach_error(void);
extern signed char __VERIFIER_nondet_char(void);
int main(void) {
  signed char n = __VERIFIER_nondet_char(), d = __VERIFIER_nondet_char();
  if (d != 0) {
    short q = n / d, r = n % d;
    if (q * d + r != n) reach_error();
    if (r != 0 && (r < 0) != (n < 0)) reach_error();
  }
  return 0;
}
