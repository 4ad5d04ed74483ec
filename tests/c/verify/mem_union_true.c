// expected: TRUE
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
union u { int i; unsigned char c; };
struct tagged { int tag; union u val; };
int main(void) {
  struct tagged t;
  t.tag = 1;
  t.val.i = __VERIFIER_nondet_int();
  int k = t.val.i;
  t.val.c = 3;
  if (t.val.c != 3 || t.tag != 1) reach_error();
  t.val.i = k;
  if (t.val.i != k) reach_error();
  return 0;
}
