// expected: FALSE
// The assert-failure functions take literal arguments (not evaluated), next to a literal that is
// read.
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  const char *s = "ok";
  int i = __VERIFIER_nondet_int();
  if (i >= 0 && i < 2 && s[i] == 'k') __assert_fail("s[i] != 'k'", "string_assert_fail_false.c", 7, __func__);
  return 0;
}
