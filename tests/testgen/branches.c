// Test generation (tests/cli/testgen.sh): two branches deep behind input values, one
// statement and one branch outcome no run reaches, a bounded loop with a goal in its third
// iteration.
extern int __VERIFIER_nondet_int(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  unsigned char c = __VERIFIER_nondet_uchar();
  int y = 0;
  if (x > 100) {
    if (c == 200) {
      y = 1;
    } else {
      y = 2;
    }
  } else if (x < -5) {
    y = 3;
    if (x > 0) {
      y = 4;
    }
  }
  for (int i = 0; i < 3; i++) {
    if (x == i * 1000 + 2007) {
      y = 5;
    }
  }
  return y;
}
