// expected: TRUE
// args: --engine impact --use-summaries
// stdout: "summaries.calls":2
// The calls of inc and abs_ are single steps by the summaries WHALE proved (inc: result >= x + 1;
// abs_: result >= 0, signed overflow being undefined); impact proves main with them.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int g = 0;
int inc(int x) { g = g + 1; return x + 1; }
int abs_(int x) { if (x < 0) return -x; return x; }
int main(void) {
  int n = __VERIFIER_nondet_int();
  int s = 0;
  for (int i = 0; i < n; i++) { s = inc(s); }
  int a = abs_(__VERIFIER_nondet_int());
  if (a < 0 && a != -2147483648) reach_error();
  if (s < 0) reach_error();
  return 0;
}
