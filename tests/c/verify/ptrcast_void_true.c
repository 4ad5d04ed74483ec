// expected: TRUE
// A void * member converted back to the type of the object it points to.
extern void reach_error(void);
void __VERIFIER_assert(int c) { if (!c) { reach_error(); } }
struct Ext { int count; int limit; };
struct Dev { void *ext; };
int main(void) {
  struct Ext e;
  struct Dev d;
  d.ext = &e;
  ((struct Ext *)d.ext)->count = 3;
  ((struct Ext *)d.ext)->limit = 4;
  __VERIFIER_assert(e.count == 3 && e.limit == 4);
  return 0;
}
