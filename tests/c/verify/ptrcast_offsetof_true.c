// expected: TRUE
// offsetof written out through the null pointer is a constant (as GCC folds it).
extern void reach_error(void);
void __VERIFIER_assert(int c) { if (!c) { reach_error(); } }
struct S { char c; int x; short y[3]; long z; };
int main(void) {
  __VERIFIER_assert((unsigned long)&((struct S *)0)->x == 4);
  __VERIFIER_assert((unsigned long)&((struct S *)0)->y[2] == 12);
  struct S s;
  __VERIFIER_assert((unsigned long)&s.z - (unsigned long)&s == (unsigned long)&((struct S *)0)->z);
  return 0;
}
