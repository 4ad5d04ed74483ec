// expected: TRUE
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
void swap(int *p, int *q) {
  int t = *p;
  *p = *q;
  *q = t;
}
int main(void) {
  int x = __VERIFIER_nondet_int(), y = __VERIFIER_nondet_int();
  int x0 = x, y0 = y;
  swap(&x, &y);
  if (x != y0 || y != x0) reach_error();
  return 0;
}
