// expected: FALSE
// Literals in a global table of pointers and a static local; pointer comparison and arithmetic
// within a literal.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
const char *names[3] = {"zero", "one", "two"};
int find(const char *s, char c) {
  const char *p = s;
  while (*p && *p != c) p++;
  return *p ? p - s : -1;
}
int main(void) {
  static const char *last = "two";
  int k = __VERIFIER_nondet_int();
  if (k < 0 || k > 2) return 0;
  if (names[k] == last) reach_error();  /* distinct occurrences: never equal */
  if (find(names[k], 'o') == 2 && names[k][0] == 't') reach_error();
  return 0;
}
