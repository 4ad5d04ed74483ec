// expected: FALSE
// A struct with a function pointer member replaced through a pointer: the new handler breaks the claim.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int c) { if (!c) { reach_error(); } }
int state;
struct ops { int (*open)(int); };
int my_open(int flags) { state = flags + 1; return 0; }
int other_open(int flags) { state = 7; return 0; }
void reset(struct ops *o) { o->open = other_open; }
int main(void) {
  struct ops d;
  d.open = my_open;
  int f = __VERIFIER_nondet_int();
  if (f < 0 || f > 5) return 0;
  if (__VERIFIER_nondet_int()) reset(&d);
  d.open(f);
  __VERIFIER_assert(state == f + 1);
  return 0;
}
