// expected: TRUE
// args: --engine whale
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int a[3] = {1, 1, 1};
int count(int i) {
  if (i >= 2) return a[i];
  return a[i] + count(i + 1);
}
int main(void) {
  int k = __VERIFIER_nondet_int();
  if (k >= 0 && k < 3) a[k] = 2;
  int s = count(0);
  if (s < 3 || s > 4) reach_error();
  return 0;
}
