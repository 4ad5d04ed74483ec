// expected: FALSE
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
typedef union { int i; char c[4]; } word;
enum kind { SMALL, LARGE };
int main(void) {
  word w;
  w.i = __VERIFIER_nondet_int();
  enum kind k = w.i > 100 ? LARGE : SMALL;
  if (k == LARGE && w.i < 200) reach_error();
  return 0;
}
