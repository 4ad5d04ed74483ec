// expected: TRUE
// args: --engine impact --precision lia
// gen_c 20 --size 1: as itp_wrap_gap_false.c, the program is safe.
// inputs: int -4..4; short -1..1; ushort 0..1; uchar 0..1
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

unsigned short g0 = -2;
unsigned int g1 = -2;
char g2 = -2;

void f0(void) {
  ;
  ;
}

int main(void) {
  int x0 = __VERIFIER_nondet_int();
  __VERIFIER_assume(x0 >= -4 && x0 <= 4);
  short x1 = __VERIFIER_nondet_short();
  __VERIFIER_assume(x1 >= -1 && x1 <= 1);
  unsigned short x2 = __VERIFIER_nondet_ushort();
  __VERIFIER_assume(x2 >= 0u && x2 <= 1u);
  unsigned char x3 = __VERIFIER_nondet_uchar();
  __VERIFIER_assume(x3 >= 0u && x3 <= 1u);
  __VERIFIER_assume((((~g0) != -5) && (g0 >= x0)));
  int m0 = (- ((unsigned long)(x3) << ((-7) & 7)));
  int m1 = ((unsigned int)(((unsigned long)(x3) << ((x1) & 15))));
  unsigned int m2 = ((m1 + m1) & g1);
  int c0 = 0;
  int c1 = 0;
  c0 = 0;
  do {
    c0++;
    c1 = 0;
    do {
      c1++;
      if ((m2 / ((x3) | 1)) > -6) reach_error();
    } while (c1 < 4);
    switch (c1 & 3) {
    default:
      ;
    }
  } while (c0 < 4);
L0:
  if ((((unsigned int)(x0) << ((g1) & 15)) == m0) && ((!-2) < m2)) reach_error();
  return 0;
}
