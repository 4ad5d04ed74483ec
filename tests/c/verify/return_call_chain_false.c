// expected: FALSE
// Issue 15: a return whose expression inlines a call three or more levels deep read a freed
// Frame (the frame stack reallocated under it): SIGSEGV. Run by both engines (see _impact_ twin).
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
