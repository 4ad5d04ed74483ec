// expected: FALSE
// Literals in a local array of pointers, passed to a defined function.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int first_digit(const char *s) {
  for (int i = 0; s[i]; i++)
    if (s[i] >= '0' && s[i] <= '9') return i;
  return -1;
}
int main(void) {
  const char *words[2] = {"ab7", "x"};
  int k = __VERIFIER_nondet_int();
  if (k < 0 || k > 1) return 0;
  if (first_digit(words[k]) == 2) reach_error();
  return 0;
}
