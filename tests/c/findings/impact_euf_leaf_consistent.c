// Finding of tests/c/diff_gcc.py (gen_c seed 20 --size 1, reduced by hand). Not a wrong verdict.
// gcc (UBSan, all 12 inputs): reach_error is never reached, so the program is TRUE
// (m2 is 0 or 65536, never above 4294967290; m0 is 0 or -1 and x0 << 14 is 0 or 16384).
// craig verify --engine impact --data-model LP64: UNKNOWN (interpolation: cut 0 (partitions
//   0..0 | rest): euf-conflict leaf with AB-mixed literals: EUF conflict: the literals are
//   consistent under congruence closure) after 0.5 s: the proof of an infeasible path has an
//   EUF conflict leaf that the interpolator's own congruence closure finds consistent.
// Without --data-model LP64 impact says TRUE; --engine bmc times out (solver: timeout).
// The empty switch matters: without it impact says TRUE.
extern void reach_error(void);
extern void __VERIFIER_assume(int);
extern int __VERIFIER_nondet_int(void);
extern short __VERIFIER_nondet_short(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
unsigned int g1 = -2;
int main(void) {
  int x0 = __VERIFIER_nondet_int();
  __VERIFIER_assume(x0 >= 0 && x0 <= 1);
  short x1 = __VERIFIER_nondet_short();
  __VERIFIER_assume(x1 >= -1 && x1 <= 1);
  unsigned char x3 = __VERIFIER_nondet_uchar();
  __VERIFIER_assume(x3 >= 0u && x3 <= 1u);
  int m0 = -(unsigned long)x3;
  int m1 = ((unsigned int)(((unsigned long)(x3) << (x1 & 15))));
  unsigned int m2 = (m1 + m1) & 4294967294u;
  int c0 = 0;
  int c1 = 0;
  do {
    c0++;
    do {
      c1++;
      if ((m2 / ((x3) | 1)) > 4294967290u) reach_error();
    } while (c1 < 2);
    switch (c1 & 3) {
    }
  } while (c0 < 2);
  if ((((unsigned int)(x0) << ((g1) & 15)) == m0) && ((!-2) < m2)) reach_error();
  return 0;
}
