// expected: TRUE
// args: --engine pdr  (nested loops: lemmas at both loop heads)
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
extern void reach_error(void);
void __VERIFIER_assert(int c) { if (!c) { reach_error(); } }
int main(void) {
  int n = __VERIFIER_nondet_int();
  __VERIFIER_assume(n >= 0 && n < 50);
  int i = 0, k = 0;
  while (i < n) {
    int j = 0;
    while (j < i) { j++; k++; }
    i++;
  }
  __VERIFIER_assert(k >= 0 && i == n);
  return 0;
}
