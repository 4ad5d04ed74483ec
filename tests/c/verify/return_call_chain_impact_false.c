// expected: FALSE
// args: --engine impact
// Issue 15: the use-after-free of return_call_chain_false.c, under impact.
extern void reach_error(void);
int f0(int x) { return x; }
int f1(int x) { int y = x + 1; return f0(y) + 1; }
int f2(int x) { int y = x + 1; return f1(y) + 1; }
int f3(int x) { int y = x + 1; return f2(y) + 1; }
int f4(int x) { int y = x + 1; return f3(y) + 1; }
int f5(int x) { int y = x + 1; return f4(y) + 1; }
int f6(int x) { int y = x + 1; return f5(y) + 1; }
int f7(int x) { int y = x + 1; return f6(y) + 1; }
int main(void) { int r = f7(0); if (r == 14) reach_error(); return 0; }
