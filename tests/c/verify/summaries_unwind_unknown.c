// expected: UNKNOWN
// args: --engine summaries --summaries-unwind 4
// reason: no violation within unwinding 4 (deeper executions exist)
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  int i = 0;
  while (i < n) i++;
  if (i < 0) reach_error();
  return 0;
}
