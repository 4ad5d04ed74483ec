// expected: FALSE
// args: --engine bmc
// stderr: get_input has no definition: its calls return an arbitrary value
// Issue 15: a call of a function without a body returns an arbitrary value (was unsupported).
extern void reach_error(void);
extern int get_input(void);
int main(void) { int x = get_input(); if (x == 5) reach_error(); return 0; }
