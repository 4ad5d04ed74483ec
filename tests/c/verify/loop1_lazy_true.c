// expected: TRUE
// args: --engine lazy  (McMillan's loop1: the loop-head label x >= y is found at tau0 1 and is inductive once tau is 0)
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int x = __VERIFIER_nondet_int(), y = __VERIFIER_nondet_int(), n = __VERIFIER_nondet_int();
  if (x != y) return 0;
  int i = 0;
  while (i < n) {
    x = x + 1;
    i = i + 1;
  }
  if (x < y) reach_error();
  return 0;
}
