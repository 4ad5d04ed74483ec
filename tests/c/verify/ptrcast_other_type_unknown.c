// expected: UNKNOWN
// reason: access through a pointer to cells of another type
// Reading an int through a pointer to a struct of two shorts reinterprets memory, which the
// cell model does not do: the read is an error path, the verdict UNKNOWN.
extern void reach_error(void);
void __VERIFIER_assert(int c) { if (!c) { reach_error(); } }
struct P { short lo, hi; };
int main(void) {
  int x = 5;
  struct P *p = (struct P *)&x;
  p->lo = 1;
  return 0;
}
