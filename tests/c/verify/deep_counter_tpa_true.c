// expected: TRUE
// args: --engine tpa  (10^5 iterations: a fixed point of the relations, no unrolling)
extern void reach_error(void);
void __VERIFIER_assert(int c) { if (!c) { reach_error(); } }
int main(void) {
  int x = 0;
  while (x < 100000) { x++; }
  __VERIFIER_assert(x == 100000);
  return 0;
}
