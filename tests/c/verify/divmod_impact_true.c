// expected: TRUE
// args: --engine impact
// Issue 15: impact timed out on this loop-free program (branch and bound without cuts
// enumerated two quotients of x); bmc proves it at once.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) { int x = __VERIFIER_nondet_int(); if (x/2*2 + x%2 != x) reach_error(); return 0; }
