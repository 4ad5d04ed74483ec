// expected: TRUE
// strlen written in the program over a literal: the length is known.
extern void reach_error(void);
void __VERIFIER_assert(int c) { if (!c) { ERROR: {reach_error();} } }
int main(void) {
  char *s = "hello";
  int n = 0;
  while (s[n]) n++;
  __VERIFIER_assert(n == 5);
  __VERIFIER_assert(sizeof("hello") == 6);
  return 0;
}
