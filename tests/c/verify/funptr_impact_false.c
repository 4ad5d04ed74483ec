// expected: FALSE
// args: --engine impact
// A handler chosen in a loop (a state machine of function pointers) reaches the error state.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int st;
void idle(void);
void busy(void);
void (*next)(void) = idle;
void idle(void) { st = 1; next = busy; }
void busy(void) { st = st + 1; if (st > 3) next = 0; }
int main(void) {
  for (int i = 0; i < 10 && next; i++) {
    next();
    if (st == 4) reach_error();
  }
  return 0;
}
