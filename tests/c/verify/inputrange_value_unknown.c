// expected: UNKNOWN
// args: --engine value  (safety rests on an input's range, which explicit values cannot express)
// reason: explicit values cannot refute
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int y = __VERIFIER_nondet_int();
  int z;
  if (y > 10) z = y; else z = 20;
  if (z < 5) reach_error();
  return 0;
}
