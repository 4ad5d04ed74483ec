// expected: TRUE
// realloc keeps the first min(old, new) elements (C11 7.22.3.5p2): growing and shrinking a
// block, and realloc(NULL, n), which is malloc(n).
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  int *p = (int *)malloc(2 * sizeof(int));
  p[0] = x;
  p[1] = x + 1 > x ? 7 : 7;
  int *q = (int *)realloc(p, 4 * sizeof(int));
  q[2] = 9;
  q[3] = 10;
  if (q[0] != x || q[1] != 7) reach_error();
  int *r = (int *)realloc(q, sizeof(int));
  if (r[0] != x) reach_error();
  int *s = (int *)realloc(NULL, 3 * sizeof(int));
  s[2] = r[0];
  if (s[2] != x) reach_error();
  free(r);
  free(s);
  return 0;
}
