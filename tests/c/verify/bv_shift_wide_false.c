// expected: FALSE
// args: --engine bmc --precision bv  (a shift whose result type, long long, is wider than every variable)
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int(), y = __VERIFIER_nondet_int();
  if (x >= 1 && x <= 7 && y >= 40 && y < 60) {
    if (((long long)x << y) >= (1LL << 40)) reach_error();
  }
  return 0;
}
