// expected: TRUE
// Pointers to literals: null tests, equality, arithmetic within one, signed plain char.
extern void reach_error(void);
void __VERIFIER_assert(int c) { if (!c) { ERROR: {reach_error();} } }
const char *greeting = "hi\n";
int main(void) {
  const char *a = "same";
  const char *b = "same";
  const char *p = a;
  __VERIFIER_assert(a != 0);
  __VERIFIER_assert(a != b);  /* every occurrence is an object of its own (docs/memory-model.md) */
  __VERIFIER_assert(p == a);
  p = p + 2;
  __VERIFIER_assert(p - a == 2 && *p == 'm' && p[2] == 0);
  __VERIFIER_assert(greeting[2] == '\n' && greeting[3] == 0);
  __VERIFIER_assert("\xff"[0] == -1);  /* plain char is signed */
  __VERIFIER_assert(*&"xy"[1] == 'y');
  return 0;
}
