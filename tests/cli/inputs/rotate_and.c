// The bitwise and of an array does not change when the array is rotated: true, but hard for
// every member of the default portfolio, and some members spend seconds in steps that do not
// look at the clock (measured: the explicit-value member), so that the run outlives its time
// limit unless the portfolio and the watchdog stop them (tests/cli/limits.sh).
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

#define N 100

int conj(int *a) {
  int r = a[0];
  for (int i = 1; i < N; i++) r = r & a[i];
  return r;
}

int main(void) {
  int a[N];
  for (int i = 0; i < N; i++) a[i] = __VERIFIER_nondet_int();
  int before = conj(a);
  int first = a[0];
  for (int i = 0; i < N - 1; i++) a[i] = a[i + 1];
  a[N - 1] = first;
  if (conj(a) != before) reach_error();
  return 0;
}
