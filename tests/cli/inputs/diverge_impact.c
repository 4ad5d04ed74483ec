extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
// The invariant needs x's parity, which interpolants over linear arithmetic find one value of x
// at a time: impact keeps refining (the interrupt test sends its signal mid-run).
int main(void) {
  int x = 0;
  while (__VERIFIER_nondet_int()) x += 2;
  if (x == 1001) reach_error();
  return 0;
}
