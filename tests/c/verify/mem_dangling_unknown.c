// expected: UNKNOWN
// args: --engine bmc
extern void reach_error(void);
int *f(void) {
  int x = 1;
  return &x;
}
int main(void) {
  int *p = f();
  *p = 2;
  return 0;
}
