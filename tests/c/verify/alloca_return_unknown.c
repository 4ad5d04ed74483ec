// expected: UNKNOWN
// reason: access to a dead object
// alloca's block lives until its function returns; a write through a pointer to it after that is
// undefined, so the program is never proved safe. The lowering never let such a block die, and
// craig printed TRUE.
#include <alloca.h>
int *cell(void) {
  int *p = alloca(sizeof(int));
  *p = 1;
  return p;
}
int main(void) {
  int *q = cell();
  *q = 2;
  return 0;
}
