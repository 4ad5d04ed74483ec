// expected: TRUE
// Structs with cells of different types (ints, chars, a pointer): memset to 0, memcpy, memmove of whole structs.
#include <string.h>
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
struct Q { int id; char name[6]; int *link; };
int main(void) {
  struct Q r, s, arr[3];
  int x = 1;
  r.id = 5;
  r.link = &x;
  strcpy(r.name, "bob");
  memset(&s, 0, sizeof s);
  if (s.id != 0 || s.name[5] != 0 || s.link != 0) reach_error();
  memcpy(&s, &r, sizeof r);
  if (s.id != 5 || strcmp(s.name, "bob") != 0 || *s.link != 1) reach_error();
  memset(arr, 0, sizeof arr);
  int i = __VERIFIER_nondet_int();
  if (i < 0 || i > 2) return 0;
  if (arr[i].id != 0 || arr[i].link) reach_error();
  memmove(&arr[i], &r, sizeof r);
  if (arr[i].name[0] != 'b') reach_error();
  return 0;
}
