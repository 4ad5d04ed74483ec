// expected: FALSE
// args: --engine vinta-boxes  (the refinement by restricted DAG interpolants meets a feasible path)
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  int x = 0;
  while (x < n) {
    x = x + 2;
    if (x == 6) reach_error();
  }
  return 0;
}
