// expected: unsupported memset of part of a struct with cells of different types (12 bytes each)
// args: --data-model ILP32
// 4 bytes of a struct of an int and chars: the cell model has no byte offsets of members.
#include <string.h>
extern void reach_error(void);
struct Q { int id; char name[6]; };
int main(void) {
  struct Q s;
  memset(&s, 0, 4);
  if (s.id != 0) reach_error();
  return 0;
}
