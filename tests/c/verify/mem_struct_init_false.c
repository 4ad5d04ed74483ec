// expected: FALSE
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
struct P { int x; int y; };
struct Q { struct P a; int t; };
int main(void) {
  struct P b = {__VERIFIER_nondet_int(), 2};
  struct P a = b;
  struct Q q = {b, 5};
  if (a.y != 2 || q.a.y != 2 || q.t != 5 || q.a.x != b.x) reach_error();
  if (a.x == 7) reach_error();
  return 0;
}
