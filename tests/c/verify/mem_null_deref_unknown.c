// expected: UNKNOWN
// args: --engine bmc
// reason: null
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = 0;
  int *p = 0;
  if (__VERIFIER_nondet_int()) p = &x;
  *p = 1;
  return 0;
}
