// expected: TRUE
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int sum(const int *a, int n) {
  int s = 0;
  for (int i = 0; i < n; i++) s += a[i];
  return s;
}
void fill(int a[], int n, int v) {
  for (int i = 0; i < n; i++) a[i] = v;
}
int main(void) {
  int a[4];
  int v = __VERIFIER_nondet_int();
  if (v < 0 || v > 100) return 0;
  fill(a, 4, v);
  if (sum(a, 4) != 4 * v) reach_error();
  return 0;
}
