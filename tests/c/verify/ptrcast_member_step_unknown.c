// expected: UNKNOWN
// reason: pointer arithmetic across struct members of other sizes
// &s.a + 1 is 1 byte after s.a, which is not where the next member s.b starts (padding):
// outside the cell model, so no verdict (a step of one cell would claim 4 bytes).
extern void reach_error(void);
void __VERIFIER_assert(int c) { if (!c) { reach_error(); } }
struct S { char a; int b; };
int main(void) {
  struct S s;
  char *p = &s.a;
  __VERIFIER_assert((unsigned long)(p + 1) == (unsigned long)&s.a + 1);
  return 0;
}
