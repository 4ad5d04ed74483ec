// expected: FALSE
// args: --engine impact --use-summaries
// stdout: "summaries.fallback":1
// f's proven summary (result >= k) lets impact reach the second error through a path whose inputs
// (none inside f: the summarised call reads none) the replay refutes; the inlined program then
// gives the real counterexample (f reads a value > 5).
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int f(int k) { int v = __VERIFIER_nondet_int(); if (v > 5) return k + 1; return k; }
int main(void) {
  int x = f(3);
  if (x < 3) reach_error();
  if (x == 4) reach_error();
  return 0;
}
