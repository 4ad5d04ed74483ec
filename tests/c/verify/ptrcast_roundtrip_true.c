// expected: TRUE
// A pointer converted to an integer and back is the same pointer (C11 7.20.1.4), also into
// a struct and past the end of an array.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int c) { if (!c) { reach_error(); } }
struct S { char c; int x; long y; };
int main(void) {
  int a[3];
  struct S s;
  int i = __VERIFIER_nondet_int();
  if (i < 0 || i > 3) return 0;
  int *p = &a[i];
  int *q = (int *)(unsigned long)p;
  __VERIFIER_assert(q == p);
  long *r = (long *)(unsigned long)&s.y;
  __VERIFIER_assert(r == &s.y);
  *r = 5;
  __VERIFIER_assert(s.y == 5);
  __VERIFIER_assert((unsigned long)&s.x - (unsigned long)&s == 4);
  return 0;
}
