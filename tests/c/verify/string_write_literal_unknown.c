// expected: UNKNOWN
// args: --engine bmc
// reason: write to a string literal
// Writing into a literal is undefined behaviour (docs/memory-model.md): the path is an invalid
// write, which the replay reports, never a FALSE by reach_error.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  char *s = "abc";
  if (__VERIFIER_nondet_int()) s[1] = 'x';
  if (s[1] == 'x') reach_error();
  return 0;
}
