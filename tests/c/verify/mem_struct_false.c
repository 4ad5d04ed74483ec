// expected: FALSE
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
struct point { int x; int y; };
int main(void) {
  struct point s;
  s.x = __VERIFIER_nondet_int();
  s.y = s.x + 1;
  struct point *p = &s;
  if (p->y == 10) reach_error();
  return 0;
}
