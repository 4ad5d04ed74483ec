// expected: FALSE  (the example of issue 54: 2^28 iterations, out of reach of every engine here)
extern void reach_error(void);
void __VERIFIER_assert(int c) { if (!c) { reach_error(); } }
int main(void) {
  unsigned int x = 0;
  while (x < 0x0fffffff) { if (x < 0xfff1) x++; else x += 2; }
  __VERIFIER_assert(!(x % 2));
  return 0;
}
