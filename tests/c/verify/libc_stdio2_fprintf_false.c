// expected: FALSE
// fprintf to stderr returns the number of characters it printed ("v=5\n": 4 in the replay,
// computed with glibc), or a negative value; the error needs the count.
#include <stdio.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int v = __VERIFIER_nondet_int();
  if (v < 0 || v > 9) return 0;
  int n = fprintf(stderr, "v=%d\n", v);
  if (n == 4 && v == 5) reach_error();
  return 0;
}
