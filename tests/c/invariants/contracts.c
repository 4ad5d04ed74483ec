extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int g = 0;
int add3(int x) { g = g + 1; return x + 3; }
int twice(int y) { int a = add3(y); return add3(a); }
int main() {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 1000) return 0;
  int r = twice(n);
  if (r < n + 6) reach_error();
  return 0;
}
