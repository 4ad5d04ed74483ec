// expected: UNKNOWN
// reason: invalid free of alloca'ed object
// free of an alloca'ed block is undefined behaviour (C: only malloc's, calloc's and realloc's
// results may be freed), so the program is never proved safe. The lowering took alloca's
// block for a heap block that free may release, and craig printed TRUE (the replay flagged it).
#include <alloca.h>
#include <stdlib.h>
int main(void) {
  int *p = alloca(2 * sizeof(int));
  p[0] = 1;
  free(p);
  return 0;
}
