// expected: FALSE
// stdout: s.id = 42
// memcpy of a struct with mixed cells: the path shows the copied cells.
#include <string.h>
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
struct Q { int id; char name[6]; int *link; };
int main(void) {
  struct Q r, s;
  r.id = __VERIFIER_nondet_int();
  r.link = 0;
  strcpy(r.name, "al");
  memcpy(&s, &r, sizeof r);
  if (s.id == 42 && s.name[1] == 'l') reach_error();
  return 0;
}
