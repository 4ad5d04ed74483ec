// Test generation for coverage-error-call on a program whose error is unreachable
// (tests/cli/testgen.sh): no test, the goal listed as unreachable.
extern int __VERIFIER_nondet_int(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "no_error.c", 5, "reach_error"); }
int main(void) {
  int n = __VERIFIER_nondet_int();
  int i = 0, s = 0;
  if (n < 0) n = 0;
  while (i < n) {
    s = s + 2;
    i = i + 1;
  }
  if (s != 2 * i) reach_error();
  return 0;
}
