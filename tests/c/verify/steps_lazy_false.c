// expected: FALSE
// args: --engine lazy  (the error needs four iterations: found once tau0 has doubled to 4)
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  int i = 0, s = 0;
  while (i < n) {
    s = s + 3;
    i++;
  }
  if (s == 12) reach_error();
  return 0;
}
