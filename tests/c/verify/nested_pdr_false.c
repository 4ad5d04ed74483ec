// expected: FALSE
// args: --engine pdr --pdr-generalize itp  (k = 0 + 1 + 2 + 3 = 6 after four outer iterations)
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
  __VERIFIER_assert(k != 6);
  return 0;
}
