// expected: TRUE
// args: --engine kind --kind-invariants pdr  (McMillan CAV'06, figure 1: the lock, invariants from pdr's lemmas)
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
extern void reach_error(void);
int main(void) {
  int lock = 0, old, new_ = __VERIFIER_nondet_int();
  do {
    if (lock != 0) reach_error();
    lock = 1;
    old = new_;
    if (__VERIFIER_nondet_int()) {
      if (lock == 0) reach_error();
      lock = 0;
      new_++;
    }
  } while (new_ != old);
  if (lock == 0) reach_error();
  return 0;
}
