// expected: TRUE
// args: --engine bmc
// No object lies at address 0 (the null pointer).
extern void reach_error(void);
int main(void) {
  int x = 1;
  long a = (long)&x;
  if (a == 0) reach_error();
  return 0;
}
