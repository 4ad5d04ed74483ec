// expected: TRUE
// A pointer converted to a pointer to an incomplete struct (an opaque handle) and back is the
// same pointer.
extern void reach_error(void);
void __VERIFIER_assert(int c) { if (!c) { reach_error(); } }
struct handle;
int main(void) {
  int x = 3;
  struct handle *h = (struct handle *)&x;
  int *p = (int *)h;
  __VERIFIER_assert(p == &x && *p == 3);
  return 0;
}
