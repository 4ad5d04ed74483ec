// expected: TRUE
// args: --engine lazy-inter  (the loop's summary needs the callee's: total never decreases)
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int total;
void add(int k) {
  if (k > 0) total = total + k;
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  total = 0;
  for (int i = 0; i < n; i++) add(__VERIFIER_nondet_int());
  if (total < 0) reach_error();
  return 0;
}
