// expected: TRUE
// Bit-fields (issue 50): values wrap at the width, signed ones as GCC's two's complement, reads
// of an uninitialised bit-field stay within the width, promotions follow GCC (a width below 32
// is int, so `s.u - 1 < 0` holds for u == 0), and sizeof packs the members as GCC does (x86-64
// and i386 alike for these).
extern unsigned int __VERIFIER_nondet_uint(void);
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct flags {
  unsigned int u : 3;
  int s : 4;
  unsigned int : 0;
  unsigned int big : 32;
  _Bool b : 1;
};
struct packed { char a; int x : 4; int y : 30; char c; };
int main(void) {
  struct flags f;
  if (f.u > 7) reach_error();            /* uninitialised, still 3 bits */
  if (f.s < -8 || f.s > 7) reach_error();
  unsigned int n = __VERIFIER_nondet_uint();
  f.u = n;
  if (f.u != (n & 7)) reach_error();
  f.u = 0;
  if (!(f.u - 1 < 0)) reach_error();     /* promoted to int */
  f.big = 0;
  if (f.big - 1 < 0) reach_error();      /* 32 bits: unsigned int */
  f.s = 7;
  f.s++;
  if (f.s != -8) reach_error();
  int old = f.s--;
  if (old != -8 || f.s != 7) reach_error();
  int v = (f.u = 15);
  if (v != 7) reach_error();
  f.u += 3;
  if (f.u != 2) reach_error();
  f.b = 2;
  if (f.b != 1) reach_error();
  struct flags g = {9, 9, 5, 1};
  if (g.u != 1 || g.s != -7 || g.big != 5) reach_error();
  int k = __VERIFIER_nondet_int();
  if (k >= 0 && k < 100) {
    f.s = k;
    if (f.s > 7) reach_error();
  }
  if (sizeof(struct flags) != 12 || sizeof(struct packed) != 12) reach_error();
  return 0;
}
