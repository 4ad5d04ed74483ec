// expected: UNKNOWN
// reason: undefined behaviour
// A call through a null function pointer is undefined behaviour, not a violation of unreach-call.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int one(void) { return 1; }
int main(void) {
  int (*f)(void) = 0;
  if (__VERIFIER_nondet_int()) f = one;
  if (f() != 1) reach_error();
  return 0;
}
