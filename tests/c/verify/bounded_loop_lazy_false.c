// expected: FALSE
// args: --engine lazy  (a loop bounded by the constant 100 without tau's decrement: the error after the last iteration is found at tau0 1)
// stdout: "lazy.tau0":1,
extern void reach_error(void);
int main(void) {
  int s = 0;
  for (int i = 0; i < 100; i++) s += 2;
  if (s == 200) reach_error();
  return 0;
}
