// expected: UNKNOWN
// args: --engine bmc
// reason: not confirmed by replay
// Element 20 lies past the tracked prefix of 16: its contents are not tracked, so the read is
// arbitrary and the model's counterexample fails the replay (the program is safe). Never FALSE.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 21 || n > 30) return 0;
  int a[n];
  a[20] = 5;
  if (a[20] != 5) reach_error();
  return 0;
}
