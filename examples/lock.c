// A lock protocol in the style of the examples of "Lazy Abstraction with Interpolants"
// (McMillan, CAV 2006), with a bug: when `got` is 0 in one round, the lock stays held and
// the next round locks it again.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

int locked = 0;

void lock(void) {
  if (locked) reach_error();
  locked = 1;
}

void unlock(void) {
  if (!locked) reach_error();
  locked = 0;
}

int main(void) {
  int n = __VERIFIER_nondet_int();
  int i = 0;
  while (i < n && i < 5) {
    lock();
    int got = __VERIFIER_nondet_int();
    if (got) unlock();
    i++;
  }
  return 0;
}
