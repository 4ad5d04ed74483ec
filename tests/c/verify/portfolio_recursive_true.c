// expected: TRUE
// args:   (the default portfolio adds whale and lazy-inter for a recursive program: impact alone answers UNKNOWN)
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int mc91(int p) {
  if (p > 100) return p - 10;
  return mc91(mc91(p + 11));
}
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x <= 100) {
    int r = mc91(x);
    if (r < 91) reach_error();
  }
  return 0;
}
