// expected: TRUE
// args: --engine bmc
extern void reach_error(void);
int main(void) {
  int s = 0;
  for (int i = 0; i < 10; i++) s += 2;
  if (s != 20) reach_error();
  return 0;
}
