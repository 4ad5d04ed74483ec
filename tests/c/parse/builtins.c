extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "builtins.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern _Bool __VERIFIER_nondet_bool(void);
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } return; }
int main(void) {
  int x = __VERIFIER_nondet_int();
  unsigned int y = __VERIFIER_nondet_uint();
  _Bool b = __VERIFIER_nondet_bool();
  assume_abort_if_not(x > 0 && x < 100);
  __VERIFIER_assume(y < 10u);
  while (x > 0) { x--; if (b) y++; }
  __VERIFIER_assert(x == 0);
  return 0;
}
