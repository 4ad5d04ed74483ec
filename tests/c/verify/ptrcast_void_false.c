// expected: FALSE
// A void * converted back to its object's type: the value written through it is read back.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int c) { if (!c) { reach_error(); } }
int main(void) {
  int x = 0;
  void *v = &x;
  int *p = (int *)v;
  *p = __VERIFIER_nondet_int();
  __VERIFIER_assert(x != 7);
  return 0;
}
