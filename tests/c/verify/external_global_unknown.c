// expected: UNKNOWN
// args: --engine bmc
// reason: the error is reached only if an external function (tick) changes a global variable
// Issue 15: external code may change globals, so TRUE is not claimed; FALSE would need a
// side effect that CPAchecker and Ultimate assume away, so the answer is UNKNOWN.
extern void reach_error(void);
extern void tick(int);
int g = 0;
int main(void) { g = 1; tick(g); if (g != 1) reach_error(); return 0; }
