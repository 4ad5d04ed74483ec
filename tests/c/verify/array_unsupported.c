// expected: unsupported array
// args: --engine bmc
extern void reach_error(void);
int main(void) {
  int a[4];
  a[0] = 1;
  if (a[0] != 1) reach_error();
  return 0;
}
