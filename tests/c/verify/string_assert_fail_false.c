// expected: FALSE
// The assert-failure functions take literal arguments (not evaluated), next to a literal that is
// read. As in SV-COMP's tasks, reach_error calls __assert_fail; a failed assert elsewhere only
// aborts the program (unreach-call: only reach_error violates it).
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
extern int __VERIFIER_nondet_int(void);
void reach_error(void) { __assert_fail("0", "string_assert_fail_false.c", 5, "reach_error"); }
int main(void) {
  const char *s = "ok";
  int i = __VERIFIER_nondet_int();
  if (i == 0 && s[i] == 'o') __assert_fail("s[i] != 'o'", "string_assert_fail_false.c", 10, __func__);
  if (i >= 0 && i < 2 && s[i] == 'k') reach_error();
  return 0;
}
