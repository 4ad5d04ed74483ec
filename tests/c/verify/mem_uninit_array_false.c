// expected: FALSE
// args: --engine bmc
extern void reach_error(void);
int main(void) {
  int a[3];
  if (a[1] == 42 && a[2] == -1) reach_error();
  return 0;
}
