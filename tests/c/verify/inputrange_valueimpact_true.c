// expected: TRUE
// args: --engine value-impact  (explicit values cannot express 0 <= y < 100; the interpolants' predicates can)
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int y = __VERIFIER_nondet_int();
  int z = 1;
  if (y >= 0 && y < 100) z = y + 1;
  if (z <= 0) reach_error();
  if (z > 100) reach_error();
  return 0;
}
