// expected: FALSE
// args: --engine bmc
extern void reach_error(void);
int main(void) {
  int a[4] = {1, 2, 3, 4};
  int s = 0;
  for (int *q = a; q < a + 4; q++) s += *q;
  if (s == 10) reach_error();
  return 0;
}
