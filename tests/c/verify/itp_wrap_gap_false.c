// expected: FALSE
// args: --engine impact --precision lia
// gen_c 48 --size 1: a mixed disequality between two wrap-around variables (coefficient 2^32) gave an
// integer LA interpolation rule with gap 2^33 but a disjunction of 2 members; the old limit on the gap
// made impact end UNKNOWN ("an integer LA rule with a gap above 64").
// inputs: uint 0..1
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

short g0 = -1;
unsigned short g1 = 2;

int main(void) {
  unsigned int x0 = __VERIFIER_nondet_uint();
  __VERIFIER_assume(x0 >= 0u && x0 <= 1u);
  unsigned int m0 = x0;
  int m1 = ((x0 % ((g0) | 1)) - (1 / ((m0) | 1)));
  int c0 = 0;
  int c1 = 0;
  m0 = (7 ? g0 : (g1 | m1));
L0:
  c0 = 0;
  do {
    c0++;
    c1 = 0;
    do {
      c1++;
      if ((x0 / ((g1) | 1)) > -6) reach_error();
    } while (c1 < 4);
    switch (c0 & 3) {
    default:
      ;
    }
  } while (c0 < 4);
  g0 = ((c1 % ((2u) == 0 ? 1 : (2u))) & ((long long)(g0)));
  if (c1 == x0) reach_error();
  if ((6u + g1) != c1) reach_error();
  return 0;
}
