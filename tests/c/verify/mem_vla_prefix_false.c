// expected: FALSE
// args: --engine bmc
// The check holds for every element but one input: the error needs a[1] == 7 and b[1] == 3,
// two elements into the tracked prefix. With untracked cells (arbitrary reads) a model could
// take c[i] != a[i] + b[i] for any inputs, which the replay refutes.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
int main(void) {
  unsigned int m = __VERIFIER_nondet_uint();
  if (m > 100) return 0;
  int a[m], b[m], c[m];
  for (unsigned int i = 0; i < m; i++) a[i] = __VERIFIER_nondet_int() % 1000;
  for (unsigned int i = 0; i < m; i++) b[i] = __VERIFIER_nondet_int() % 1000;
  for (unsigned int i = 0; i < m; i++) c[i] = a[i] + b[i];
  for (unsigned int i = 0; i < m; i++)
    if (c[i] != a[i] + b[i] || (i == 1 && a[i] == 7 && b[i] == 3)) reach_error();
  return 0;
}
