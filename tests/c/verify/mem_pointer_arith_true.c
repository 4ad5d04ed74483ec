// expected: TRUE
extern void reach_error(void);
int main(void) {
  int a[4] = {0};
  int *p = a;
  *(p + 2) = 5;
  p++;
  if (p[1] != 5 || p - a != 1 || *a != 0) reach_error();
  int *end = a + 4;
  int n = 0;
  for (int *q = a; q != end; q++) n++;
  if (n != 4) reach_error();
  return 0;
}
