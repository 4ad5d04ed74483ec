// expected: unsupported call through a function pointer (procedural engines)
// args: --engine whale
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int one(void) { return 1; }
int two(void) { return 2; }
int main(void) {
  int (*f)(void) = __VERIFIER_nondet_int() ? one : two;
  if (f() > 2) reach_error();
  return 0;
}
