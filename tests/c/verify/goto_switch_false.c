// expected: FALSE
// args: --engine bmc
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int k = __VERIFIER_nondet_int();
  int acc = 0;
  switch (k) {
    case 1: acc += 1;
    case 2: acc += 2; break;
    case 3: acc = 10; goto done;
    default: acc = -1;
  }
  acc *= 3;
done:
  if (acc == 9) reach_error();
  return 0;
}
