// expected: TRUE
// A struct with function pointer members (an operations table, as Linux drivers have), set by a
// file-scope initialiser and by assignment through a pointer to the struct.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int c) { if (!c) { reach_error(); } }
int state;
struct ops {
  int (*open)(int);
  void (*close)(void);
};
int my_open(int flags) { state = flags + 1; return 0; }
void my_close(void) { state = 0; }
int other_open(int flags) { state = 7; return 1; }
struct ops driver = { .open = my_open, .close = my_close };
void reset(struct ops *o) { o->open = other_open; }
int main(void) {
  int f = __VERIFIER_nondet_int();
  if (f < 0 || f > 5) return 0;
  struct ops *o = &driver;
  if (o->open(f) != 0) reach_error();
  __VERIFIER_assert(state == f + 1);
  o->close();
  __VERIFIER_assert(state == 0);
  if (__VERIFIER_nondet_int()) reset(o);
  int r = driver.open(f);
  __VERIFIER_assert(r == 0 ? state == f + 1 : state == 7);
  return 0;
}
