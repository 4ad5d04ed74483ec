// Test generation on a reactive state machine (tests/cli/testgen.sh, issue 50 item 6): each
// round of the loop reads one input and switches on the state, so every test runs out of inputs
// in a later round after passing its goal; a nested switch without default; reach_error needs
// four rounds.
extern int __VERIFIER_nondet_int(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "state_machine.c", 7, "reach_error"); }
int main(void) {
  int state = 0;
  int count = 0;
  while (1) {
    int in = __VERIFIER_nondet_int();
    switch (state) {
      case 0:
        if (in == 1) {
          state = 1;
        } else if (in == 2) {
          state = 2;
        }
        break;
      case 1:
        if (in > 10) {
          if (in < 20) {
            state = 2;
            count++;
          } else {
            state = 0;
          }
        }
        break;
      case 2:
        switch (in) {
          case 7:
            state = 3;
            break;
          case -1:
            state = 4;
        }
        break;
      case 3:
        if (count > 0 && in == 42) {
          reach_error();
        }
        state = 0;
        break;
      default:
        return count;
    }
  }
  return 0;
}
