// expected: TRUE
extern void reach_error(void);
int g[4] = {[1] = 5, 7};
int m[2][3] = {{1, 2, 3}, {4, 5, 6}};
int main(void) {
  int a[3] = {10, 20};
  char s[] = "ab";
  int sum = 0;
  for (int i = 0; i < 2; i++)
    for (int j = 0; j < 3; j++) sum += m[i][j];
  if (sum != 21 || g[0] != 0 || g[1] != 5 || g[2] != 7 || a[2] != 0 || a[1] != 20) reach_error();
  if (sizeof(s) != 3 || s[1] != 'b' || s[2] != 0) reach_error();
  return 0;
}
