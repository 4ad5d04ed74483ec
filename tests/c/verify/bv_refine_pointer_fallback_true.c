// expected: TRUE
// args: --engine bmc --precision refine  (a pointer variable: no word program, refine falls back to lia with a warning)
// stderr: the integer program (lia) is solved
extern void reach_error(void);
int *g;
int a[3] = {1, 2, 3};
int main(void) {
  g = &a[1];
  if (*g != 2) reach_error();
  return 0;
}
