// craig verify --engine impact: UNKNOWN "interpolation: cut 0 (partitions 0..0 | rest): euf-conflict
// leaf: EUF conflict: the literals are consistent under congruence closure"; bmc: TRUE (right:
// m is 6). Reduced from gen_c 19 --lib --size 1 (README.md, finding 2).
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
long long g = -2;
char f(unsigned long p) { return llabs(-g | 1); }
int main(void) {
  int x = __VERIFIER_nondet_int();
  long m = (g >> (x & 7)) && (g * 6);
  const char *t = "Z";
  x = f(g % 8 * (x % 8)) % 8;
  for (int i = 0; i < 2; i++) m = (x + f(m)) % 1000;
  if (m == 5) reach_error();
  return 0;
}
