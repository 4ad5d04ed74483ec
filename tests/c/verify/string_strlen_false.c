// expected: FALSE
// The same loop over a const char * literal; the assertion is wrong.
extern void reach_error(void);
void __VERIFIER_assert(int c) { if (!c) { ERROR: {reach_error();} } }
int main(void) {
  const char *t = "abc";
  int n = 0;
  while (t[n] != '\0') n++;
  __VERIFIER_assert(n != 3);
  return 0;
}
