// expected: FALSE
// args: --engine bmc
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  int i = 0;
  while (i < n) {
    i++;
  }
  if (i == 7) reach_error();
  return 0;
}
