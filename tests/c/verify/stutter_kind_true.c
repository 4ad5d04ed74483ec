// expected: TRUE
// args: --engine kind --kind-invariants none --kind-simple-path  (x == 2 only follows x == 2: 2-inductive on simple paths)
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
extern void reach_error(void);
int main(void) {
  int x = 0;
  while (__VERIFIER_nondet_int()) {
    if (__VERIFIER_nondet_int() && x == 2) reach_error();
    if (x != 2) x = 0;
  }
  return 0;
}
