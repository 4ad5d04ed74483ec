// expected: TRUE
// Two objects have different addresses, aligned to their types, and neither is at 0.
extern void reach_error(void);
void __VERIFIER_assert(int c) { if (!c) { reach_error(); } }
int a;
int main(void) {
  int b[4];
  char c;
  unsigned long pa = (unsigned long)&a, pb = (unsigned long)&b[1], pc = (unsigned long)&c;
  __VERIFIER_assert(pa != pb);
  __VERIFIER_assert(pa != pc && pb != pc);
  __VERIFIER_assert(pa % 4 == 0 && pb % 4 == 0);
  __VERIFIER_assert(pa != 0 && pc != 0);
  __VERIFIER_assert((unsigned long)&b[3] - (unsigned long)&b[1] == 8);
  return 0;
}
