extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
void assume_abort_if_not(int cond) { if (!cond) { abort: goto abort; } }
int f(int x) { int r = x; for (int i = 0; i < 3; i++) r++; return r; }
int main() {
  int n = __VERIFIER_nondet_int();
  assume_abort_if_not(n >= 0 && n <= 10);
  int j = 0;
  for (int i = 0; i < 10; i++) { int i2 = i; j = j + 1; if (j > 10) reach_error(); }
  { int j = 5; while (j < 8) j++; if (j != 8) reach_error(); }
  if (f(n) < 3) reach_error();
  return 0;
}
