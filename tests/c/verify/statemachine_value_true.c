// expected: TRUE
// args: --engine value --value-refinement prune  (explicit values of the state variable only; the input stays untracked; the ARG is cut, not rebuilt, after each refinement)
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int state = 0, steps = 0, input;
  while (steps < 1000) {
    input = __VERIFIER_nondet_int();
    if (state == 0) {
      if (input > 0) state = 1;
    } else if (state == 1) {
      state = input == 7 ? 2 : 0;
    } else if (state == 2) {
      state = 0;
    }
    if (state == 3) reach_error();
    steps++;
  }
  return 0;
}
