// expected: UNKNOWN
// args: --engine bmc
// reason: a call deeper than the recursion bound is reachable
// Issue 15: bmc kept deepening for ever on the truncated location's self-loop; a loop-free
// program whose recursion is cut off must end at once with the recursion bound as reason.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int f(int n) { if (n <= 0) return 0; return f(n - 1) + 1; }
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (f(n) < 0) reach_error();
  return 0;
}
