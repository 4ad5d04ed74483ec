// expected: TRUE
// Literals passed to defined functions taking const char *.
extern void reach_error(void);
void __VERIFIER_assert(int c) { if (!c) { ERROR: {reach_error();} } }
int length(const char *s) {
  int n = 0;
  while (*s++) n++;
  return n;
}
int count(const char *s, char c) {
  int k = 0;
  for (int i = 0; s[i]; i++)
    if (s[i] == c) k++;
  return k;
}
int main(void) {
  __VERIFIER_assert(length("loop") == 4);
  __VERIFIER_assert(length("") == 0);
  __VERIFIER_assert(count("banana", 'a') == 3);
  return 0;
}
