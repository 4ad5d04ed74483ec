// expected: TRUE
// args: --engine whale  (mutual recursion: is_even returns 0 or 1)
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int is_odd(int n);
int is_even(int n) { if (n <= 0) return 1; return is_odd(n - 1); }
int is_odd(int n) { if (n <= 0) return 0; return is_even(n - 1); }
int main(void) {
  int n = __VERIFIER_nondet_int();
  int e = is_even(n);
  if (e < 0 || e > 1) reach_error();
  return 0;
}
