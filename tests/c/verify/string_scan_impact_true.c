// expected: TRUE
// args: --engine impact
// A loop over a literal indexed directly: its invariant is over n alone (the literal's bytes are
// constants of the model), and the correctness witness states it (c.witness).
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int c) { if (!c) { ERROR: {reach_error();} } }
int main(void) {
  int n = 0;
  int vowels = 0;
  while ("loop invariant"[n]) {
    char c = "loop invariant"[n];
    if (c == 'a' || c == 'e' || c == 'i' || c == 'o' || c == 'u') vowels++;
    n++;
  }
  __VERIFIER_assert(n == 14 && vowels == 6);
  return 0;
}
