// expected: FALSE
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
void rotate(int *a, int *b, int *c) {
  int t = *a;
  *a = *b;
  *b = *c;
  *c = t;
}
int main(void) {
  int x = __VERIFIER_nondet_int(), y = __VERIFIER_nondet_int(), z = 0;
  rotate(&x, &y, &z);
  if (x == 3 && y == 0 && z == 4) reach_error();
  return 0;
}
