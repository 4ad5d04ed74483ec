// expected: TRUE
// args: --engine pdr --pdr-generalize itp  (x + y == n at the loop head, from interpolants)
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
extern void reach_error(void);
void __VERIFIER_assert(int c) { if (!c) { reach_error(); } }
int main(void) {
  int n = __VERIFIER_nondet_int();
  __VERIFIER_assume(n >= 0 && n < 1000);
  int x = n, y = 0;
  while (x > 0) { x--; y++; }
  __VERIFIER_assert(y == n);
  return 0;
}
