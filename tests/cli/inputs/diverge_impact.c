extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
// The invariant needs x = y(y-1)/2, which neither linear interpolants nor impact's invariant
// candidates (affine equalities, octagon bounds, congruences, the program's bounds) express:
// impact keeps refining (the interrupt test sends its signal mid-run). 1001 is no triangular
// number, and y < 60000 keeps x below 2^31.
int main(void) {
  int x = 0, y = 0;
  while (__VERIFIER_nondet_int() && y < 60000) {
    x += y;
    y++;
  }
  if (x == 1001) reach_error();
  return 0;
}
