// expected: FALSE
// args: --engine value-impact
// The spurious paths here are refuted by interpolants whose atoms are all predicates already:
// the Cartesian post, abstracting atom by atom, loses the relation d == a - b between them, and
// value-impact made no progress ("neither explicit values nor the interpolants' predicates
// refute the path"). With the interpolants themselves as predicates it finds the real error
// (the loop leaves d == b != 0).
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n <= 0) return 0;
  int d = 0, b = 0;
  for (int i = 0; i < n; i++) {
    d = d - b;
    if (d != 0) reach_error();
    b = __VERIFIER_nondet_int();
    if (b == 0) return 0;
    d = d + b;
    if (d == 0) reach_error();
  }
  if (d != 0) reach_error();
  return 0;
}
