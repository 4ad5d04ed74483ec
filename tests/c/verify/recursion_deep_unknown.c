// expected: UNKNOWN
// args: --engine bmc --bound 20  (sum(5) needs 6 nested calls; recursion is inlined 3 deep, so TRUE is impossible)
extern void reach_error(void);
int sum(int n) { if (n <= 0) return 0; return n + sum(n - 1); }
int main(void) {
  if (sum(5) != 15) reach_error();
  return 0;
}
