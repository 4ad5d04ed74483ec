// expected: UNKNOWN
// args: --engine bmc --bound 5
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int x = 0;
  while (1) {
    if (x < 0) reach_error();
    x = x + 1;
    if (x > 100) x = 0;
  }
  return 0;
}
