// expected: TRUE
// Comparing a pointer with a void * compares them as they are: the void * to a struct A
// needs no view as a struct B (which its cells are not) to be found different from null.
extern void reach_error(void);
void __VERIFIER_assert(int c) { if (!c) { reach_error(); } }
struct A { int a; };
struct B { char b; };
int main(void) {
  struct A s;
  void *v = &s;
  struct B *q = 0;
  __VERIFIER_assert(q != v);
  return 0;
}
