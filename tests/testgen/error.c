// Test generation for coverage-error-call (tests/cli/testgen.sh): reach_error needs two
// inputs that satisfy a linear relation.
extern int __VERIFIER_nondet_int(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "error.c", 5, "reach_error"); }
int main(void) {
  int a = __VERIFIER_nondet_int();
  int b = __VERIFIER_nondet_int();
  if (a > 0 && b == 3 * a + 1 && a < 10) {
    reach_error();
  }
  return 0;
}
