// expected: TRUE
// args: --engine bmc
extern unsigned int __VERIFIER_nondet_uint(void);
extern void reach_error(void);
int main(void) {
  unsigned int x = __VERIFIER_nondet_uint();
  unsigned int y = x + 1u;
  if (x == 4294967295u && y != 0u) reach_error();
  return 0;
}
