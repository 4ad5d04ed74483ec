// expected: TRUE
// args: --engine impact  (unsigned variables: witness invariants are printed in a C type in which nothing wraps)
extern unsigned long long __VERIFIER_nondet_ulonglong(void);
extern void reach_error(void);
int main(void) {
  unsigned long long n = __VERIFIER_nondet_ulonglong();
  unsigned int x = 0;
  unsigned char c = 0;
  while (x < n && x < 1000) {
    x++;
    c = 1;
  }
  if (x > n) reach_error();
  return 0;
}
