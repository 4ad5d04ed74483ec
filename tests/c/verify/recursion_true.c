// expected: TRUE
// args: --engine bmc
extern void reach_error(void);
int sum(int n) { if (n <= 0) return 0; return n + sum(n - 1); }
int main(void) {
  if (sum(2) != 3) reach_error();
  return 0;
}
