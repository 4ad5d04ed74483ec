// An unbounded loop: bmc deepens until its time limit (TIMEOUT), an engine with invariants
// proves it TRUE (0 <= i).
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int i = 0;
  while (__VERIFIER_nondet_int()) {
    if (i < 1000000) i++;
  }
  if (i < 0) reach_error();
  return 0;
}
