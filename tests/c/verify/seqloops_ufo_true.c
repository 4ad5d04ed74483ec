// expected: TRUE
// args: --engine ufo --itp-dag-route per-vertex  (two loops with branches between cut points: one DAG refinement covers all their paths)
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int a = 0, b = 0, i = 0, n = __VERIFIER_nondet_int();
  while (i < n) {
    if (__VERIFIER_nondet_int()) a = a + 1; else a = a + 2;
    i++;
  }
  int j = 0;
  while (j < n) {
    if (__VERIFIER_nondet_int()) b++;
    j++;
  }
  if (a < 0 || b < 0) reach_error();
  return 0;
}
