// expected: UNKNOWN
// args: --engine bmc --precision bv  (x + 1 overflows for INT_MAX: undefined behaviour, so the path is not a FALSE)
// reason: signed overflow
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x > 0) {
    int y = x + 1;
    if (y < 0) reach_error();
  }
  return 0;
}
