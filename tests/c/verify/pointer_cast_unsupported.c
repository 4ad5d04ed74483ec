// expected: unsupported pointer to integer cast
// args: --engine bmc
extern void reach_error(void);
int main(void) {
  int x = 1;
  long a = (long)&x;
  if (a == 0) reach_error();
  return 0;
}
