// expected: TRUE
extern void reach_error(void);
int g;
int *gp = &g;
int arr[3];
int *ap = &arr[1];
int main(void) {
  *gp = 3;
  ap[1] = 4;
  if (g != 3 || arr[2] != 4 || gp == 0) reach_error();
  return 0;
}
