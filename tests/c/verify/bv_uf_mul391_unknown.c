// expected: UNKNOWN
// args: --engine bmc --precision uf --bound 3  (uninterpreted products: the path found is spurious)
// reason: not confirmed by replay
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int(), y = __VERIFIER_nondet_int();
  if (x > 1 && x < 20 && y > 1 && y < 20 && x * y == 391) reach_error();
  return 0;
}
