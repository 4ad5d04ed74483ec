// expected: TRUE
// args: --engine impact
// Issue 15: impact timed out on this loop-free program (branch and bound without cuts
// enumerated two quotients of x); bmc proves it at once.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) { int x = __VERIFIER_nondet_int(); int q = x / 2; int r = x % 2; if (q * 2 + r != x) reach_error(); return 0; }
