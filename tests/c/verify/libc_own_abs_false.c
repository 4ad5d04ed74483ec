// expected: FALSE
// A program that defines abs keeps its own (here a wrong one): not the library's.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int abs(int x) { return x < 0 ? x : -x; }
int main(void) {
  int v = __VERIFIER_nondet_int();
  if (v == 3 && abs(v) < 0) reach_error();
  return 0;
}
