// expected: FALSE
#include <stdlib.h>
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int *p = malloc(2 * sizeof(int));
  p[0] = __VERIFIER_nondet_int();
  p[1] = 2 * p[0];
  if (p[1] == 8) reach_error();
  free(p);
  return 0;
}
