// expected: FALSE
// A program that defines __assert_fail itself: it is no builtin, and its literal arguments are
// ordinary const char * arguments that its body reads (the unfixed craig crashed here).
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
void __assert_fail(const char *assertion, const char *file, unsigned int line, const char *function) {
  if (assertion[0] == 'x' && function[0] == 'm') reach_error();
}
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x > 10) __assert_fail("x <= 10", "string_defined_assert_fail_false.c", 11, __func__);
  return 0;
}
