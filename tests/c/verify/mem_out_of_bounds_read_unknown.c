// expected: UNKNOWN
// args: --engine bmc
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int a[2] = {0, 0};
  int i = __VERIFIER_nondet_int();
  if (i >= 0 && i <= 2 && a[i] != 0) reach_error();
  return 0;
}
