// expected: FALSE
// args: --engine whale  (Ackermann: ack(1, 2) is 4, not 5)
extern void reach_error(void);
int ack(int m, int n) {
  if (m == 0) return n + 1;
  if (n == 0) return ack(m - 1, 1);
  return ack(m - 1, ack(m, n - 1));
}
int main(void) {
  if (ack(1, 2) != 5) reach_error();
  return 0;
}
