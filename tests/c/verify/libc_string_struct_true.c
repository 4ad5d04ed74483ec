// expected: TRUE
// memset and memcpy of a struct of ints, strcpy into a char member of a mixed struct.
#include <string.h>
extern void reach_error(void);
struct P { int x; int y[3]; };
struct Q { int id; char name[8]; };
int main(void) {
  struct P p;
  memset(&p, 0, sizeof p);
  if (p.y[2] != 0) reach_error();
  struct P q;
  memcpy(&q, &p, sizeof p);
  if (q.x != 0) reach_error();
  struct Q r;
  r.id = 5;
  strcpy(r.name, "bob");
  if (strcmp(r.name, "bob") != 0 || r.id != 5) reach_error();
  return 0;
}
