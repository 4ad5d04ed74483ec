// expected: TRUE
// Issue 15: with the default engine (bmc then) and no --timeout this never ended; the default
// is impact now, which proves it at once.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) { int n = __VERIFIER_nondet_int(); int i = 0; while (i < n) { i++; } if (i < 0) reach_error(); return 0; }
