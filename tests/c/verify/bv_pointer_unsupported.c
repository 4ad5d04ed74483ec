// expected: unsupported bit-precise encoding: pointer values in variables
// args: --engine bmc --precision bv  (a pointer parameter: its offset may leave the int range, so words are refused)
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int get(int *p, int i) { return p[i]; }
int main(void) {
  int b[2] = {5, 7};
  int i = __VERIFIER_nondet_int();
  if (i == 0 && get(b, i) != 5) reach_error();
  return 0;
}
