// expected: FALSE
// args: --engine bp  (eager Boolean predicate abstraction: refinements add predicates until the path of four iterations is feasible)
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  int x = 0;
  while (x < n) {
    x = x + 1;
    if (x == 4) reach_error();
  }
  return 0;
}
