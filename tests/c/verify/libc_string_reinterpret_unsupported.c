// expected: unsupported memcpy from int cells into char cells (reinterprets memory)
// memcpy from int cells into char cells would reinterpret memory: not modelled.
#include <string.h>
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
int main(void) {
  int a = 65;
  char c[4];
  memcpy(c, &a, sizeof a);
  if (c[0] == 'A') reach_error();
  return 0;
}
