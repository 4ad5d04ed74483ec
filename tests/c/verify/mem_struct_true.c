// expected: TRUE
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
struct point { int x; int y; };
typedef struct { struct point corner[2]; int tag; } box;
void move(struct point *p, int dx) { p->x += dx; p->y = p->y + dx; }
int main(void) {
  struct point s = {1, 2};
  struct point t;
  t = s;
  move(&s, 3);
  box b = {{{0, 0}, {5, 6}}, 9};
  b.corner[0] = t;
  if (s.x != 4 || s.y != 5 || t.x != 1 || b.corner[0].y != 2 || b.corner[1].x != 5 || b.tag != 9) reach_error();
  if (sizeof(struct point) != 2 * sizeof(int)) reach_error();
  return 0;
}
