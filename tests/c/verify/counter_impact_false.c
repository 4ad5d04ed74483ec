// expected: FALSE
// args: --engine impact  (the error needs five iterations: refinements first, then a feasible path)
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  int i = 0, s = 0;
  while (i < n) {
    s += 2;
    i++;
  }
  if (s == 10) reach_error();
  return 0;
}
