// expected: UNKNOWN
// args: --engine bmc
#include <stdlib.h>
int main(void) {
  for (int i = 0; i < 2; i++) {
    int *p = malloc(sizeof(int));
    *p = i;
    free(p);
  }
  return 0;
}
