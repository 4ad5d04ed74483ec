// expected: FALSE
// args: --engine whale  (mutual recursion: is_odd(5) is 1)
extern void reach_error(void);
int is_odd(int n);
int is_even(int n) { if (n == 0) return 1; return is_odd(n - 1); }
int is_odd(int n) { if (n == 0) return 0; return is_even(n - 1); }
int main(void) {
  if (is_odd(5) != 0) reach_error();
  return 0;
}
