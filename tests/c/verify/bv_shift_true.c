// expected: TRUE
// args: --engine bmc --precision bv  (1u << s is a power of two for every s < 32)
extern void reach_error(void);
extern unsigned __VERIFIER_nondet_uint(void);
int main(void) {
  unsigned s = __VERIFIER_nondet_uint() % 32u;
  unsigned v = 1u << s;
  if (v == 0u || (v & (v - 1u)) != 0u) reach_error();
  if ((v >> s) != 1u) reach_error();
  return 0;
}
