// expected: TRUE
// args: --engine pdr --pdr-generalize both  (up to 10, then down to 0: two phases, one loop)
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
extern void reach_error(void);
void __VERIFIER_assert(int c) { if (!c) { reach_error(); } }
int main(void) {
  int x = 0, up = 1;
  while (__VERIFIER_nondet_int()) {
    if (up) { x++; if (x == 10) up = 0; }
    else { x--; if (x == 0) up = 1; }
  }
  __VERIFIER_assert(x >= 0 && x <= 10);
  return 0;
}
