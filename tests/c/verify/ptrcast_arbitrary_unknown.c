// expected: UNKNOWN
// reason: undefined behaviour
// An arbitrary integer converted to a pointer is accepted; writing through it is undefined
// (it is no object's address, or null), so the error path ends UNKNOWN, never FALSE.
extern unsigned long __VERIFIER_nondet_ulong(void);
int main(void) {
  unsigned char *p = (unsigned char *)(void *)__VERIFIER_nondet_ulong();
  *p = 1;
  return 0;
}
