// expected: FALSE
// args: --engine bmc
// a and b are different blocks of one allocation site (in mk, inlined into a loop): one
// summary object stands for both, its contents untracked, so the model can never conclude
// TRUE from the two blocks sharing cells; the replay confirms the error.
extern void reach_error(void);
extern void *malloc(unsigned long);
int *mk(void) { int *p = malloc(sizeof(int)); *p = 0; return p; }
int main(void) {
  int *a = 0, *b = 0;
  for (int i = 0; i < 2; i++) {
    int *t = mk();
    if (i == 0) a = t; else b = t;
  }
  *a = 1;
  *b = 2;
  if (*a == 1) reach_error();
  return 0;
}
