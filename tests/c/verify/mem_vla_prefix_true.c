// expected: TRUE
// args: --engine impact
// A VLA whose length is a variable fixed at 3: its first elements are tracked cells
// (LoweringOptions::prefix_elements), so the proof can use what was stored.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  unsigned int size = 3;
  int a[size];
  for (unsigned int i = 0; i < size; i++) a[i] = __VERIFIER_nondet_int() % 10;
  int m = a[0];
  for (unsigned int i = 1; i < size; i++)
    if (a[i] > m) m = a[i];
  if (a[1] > m) reach_error();
  return 0;
}
