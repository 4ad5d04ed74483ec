// expected: FALSE
// args: --engine bmc
extern unsigned char __VERIFIER_nondet_uchar(void);
extern void reach_error(void);
int main(void) {
  unsigned char c = __VERIFIER_nondet_uchar();
  unsigned char d = c + 10;
  if (c > 246 && d < 5) reach_error();
  return 0;
}
