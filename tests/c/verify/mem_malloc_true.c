// expected: TRUE
#include <stdlib.h>
extern void reach_error(void);
int main(void) {
  int *p = malloc(3 * sizeof(int));
  int *z = calloc(2, sizeof(int));
  p[0] = 1;
  p[1] = p[0] + z[1];
  if (p[1] != 1) reach_error();
  free(p);
  free(z);
  return 0;
}
