// expected: FALSE
// args: --engine bmc --data-model LP64
// timeout: 30
// Random program 2733 (tests/tools/gen_c.cpp): in its integer stage, EUF put f(a) and f(a) + 1 in
// one class (through f(b), a = b) while arithmetic gave them different values; the model-based
// combination's split f(a) = f(a) + 1 normalized to false and was dropped, the round agreed, and
// the model broke an assertion (craig: SELF-CHECK FAILED, exit 10). gcc reaches the error.
extern void reach_error(void);
extern void __VERIFIER_assume(int);
extern char __VERIFIER_nondet_char(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern short __VERIFIER_nondet_short(void);
extern unsigned short __VERIFIER_nondet_ushort(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern long __VERIFIER_nondet_long(void);
extern unsigned long __VERIFIER_nondet_ulong(void);
extern signed char __VERIFIER_nondet_schar(void);
extern long long __VERIFIER_nondet_longlong(void);

unsigned int f0(int p0, int p1, unsigned long p2) {
  unsigned char l0 = (p2 * 3);
  int l1 = (!(2u + p2));
  int c0 = 0;
  l0 = (((unsigned int)(32768) << ((p1) & 7)) == (p2 || 2147483647));
  for (c0 = 0; c0 < 1; c0++) {
    p1 = ((((long)(c0)) / (((c0) & 7) + 1))) % 16;
    p2 = 9;
  }
L0:
L1:
  return ((unsigned int)(l1) << ((((l0) % 8 * ((p2) % 8))) & 7));
}

int main(void) {
  signed char x0 = __VERIFIER_nondet_schar();
  __VERIFIER_assume(x0 >= -4 && x0 <= 4);
  int x1 = __VERIFIER_nondet_int();
  __VERIFIER_assume(x1 >= -2 && x1 <= 2);
  signed char x2 = __VERIFIER_nondet_schar();
  __VERIFIER_assume(x2 >= -3 && x2 <= 3);
  short m0 = ((8 & x2) + (x0 - x2));
  x2 = f0((x0 / ((m0) == 0 ? 1 : (m0))), m0, (~x2));
  x1 = (f0(x2, ((x0) % 8 * ((m0) % 8)), (x0 - m0))) % 100;
L0:
  if ((x2 + x1) < 2) reach_error();
  return 0;
}
