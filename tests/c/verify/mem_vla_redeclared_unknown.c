// expected: UNKNOWN
// args: --engine bmc
// reason: undefined behaviour
// Each execution of a VLA's declaration makes a new array whose cells have no value: the model
// must not keep the previous iteration's a[0] == 1 (that would prove the program safe); its
// counterexample reads a[0] uninitialised, which the replay reports as undefined.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > 4) return 0;
  for (int k = 0; k < 2; k++) {
    int a[n];
    if (k == 0) a[0] = 1;
    else if (a[0] != 1) reach_error();
  }
  return 0;
}
