// expected: TRUE
// args: --engine lazy --no-accelerate  (a loop bounded by the constant 100: its back edge does not decrement tau, so one round at tau0 1 unrolls it, where tau0 had to double up to 128)
// stdout: "lazy.bounded-back-edges":1,
extern void reach_error(void);
int main(void) {
  int s = 0;
  for (int i = 0; i < 100; i++) s += 2;
  if (s != 200) reach_error();
  return 0;
}
