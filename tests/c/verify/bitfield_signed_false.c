// expected: FALSE
// A signed 4-bit field that is assigned 8 holds -8 (GCC); with a nondet value in range.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct s { int v : 4; };
int main(void) {
  struct s x;
  int k = __VERIFIER_nondet_int();
  if (k < 0 || k > 15) return 0;
  x.v = k;
  if (x.v < 0) reach_error();
  return 0;
}
