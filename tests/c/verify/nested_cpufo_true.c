// expected: TRUE
// args: --engine cpufo  (nested loops; Cartesian predicate abstraction over the atoms of the DAG interpolants)
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
extern void reach_error(void);
int main(void) {
  int i = 0, s = 0;
  int n = __VERIFIER_nondet_int();
  __VERIFIER_assume(n >= 0);
  while (i < n) {
    int j = 0;
    while (j < i) { j++; s++; }
    i++;
  }
  if (s < 0) reach_error();
  return 0;
}
