/* craig testgen keeps its tests when killed: the first goals are reached at once, the counter's
   goal only after a million iterations, which the search does not reach in seconds. */
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x > 5) {
    x = 0;
  }
  while (__VERIFIER_nondet_int()) {
    x++;
    if (x == 1000000) {
      x = 7;
    }
  }
  return x;
}
