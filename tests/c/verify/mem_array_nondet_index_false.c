// expected: FALSE
extern void reach_error(void);
extern unsigned __VERIFIER_nondet_uint(void);
int main(void) {
  int a[3] = {0};
  unsigned i = __VERIFIER_nondet_uint();
  if (i < 3) {
    a[i] = 7;
    if (a[2] == 7) reach_error();
  }
  return 0;
}
