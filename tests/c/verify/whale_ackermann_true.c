// expected: TRUE
// args: --engine whale  (Ackermann with m <= 2, n <= 5: ack(m, n) > n, kept by the Houdini step)
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int ack(int m, int n) {
  if (m == 0) return n + 1;
  if (n == 0) return ack(m - 1, 1);
  return ack(m - 1, ack(m, n - 1));
}
int main(void) {
  int m = __VERIFIER_nondet_int(); int n = __VERIFIER_nondet_int();
  if (m < 0 || m > 2 || n < 0 || n > 5) return 0;
  int r = ack(m, n);
  if (r <= n) reach_error();
  return 0;
}
