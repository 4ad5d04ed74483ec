// expected: FALSE
// args: --engine bmc
extern void reach_error(void);
int m[2][3] = {{1, 2, 3}, {4, 5, 6}};
int main(void) {
  int sum = 0;
  for (int i = 0; i < 2; i++)
    for (int j = 0; j < 3; j++) sum += m[i][j];
  if (sum == 21) reach_error();
  return 0;
}
