// expected: FALSE
// Character pointers from void * to ints step through bytes: one byte after a[0] is not a[1].
extern void reach_error(void);
void __VERIFIER_assert(int c) { if (!c) { reach_error(); } }
struct B { char b; };
int main(void) {
  int a[2];
  void *v1 = a, *v2 = &a[1];
  char *c1 = v1, *c2 = v2;
  __VERIFIER_assert(c1 + 1 == c2);
  __VERIFIER_assert(c2 - c1 == sizeof(int));
  struct B *q = 0;
  __VERIFIER_assert(q != v1);
  return 0;
}
