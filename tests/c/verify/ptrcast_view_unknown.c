// expected: UNKNOWN
// reason: of a pointer to cells of another type
// A void * to an int converted to a pointer to a struct: the cell model does not reinterpret
// memory as another type, so the conversion is an error path and the verdict UNKNOWN.
extern void reach_error(void);
void __VERIFIER_assert(int c) { if (!c) { reach_error(); } }
struct P { short lo, hi; };
int main(void) {
  int x = 5;
  void *v = &x;
  struct P *p = (struct P *)v;
  __VERIFIER_assert(p != 0);
  return 0;
}
