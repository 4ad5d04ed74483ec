// expected: TRUE
// alloca's block used within its function (and its callees) is fine: the new lifetime ends
// only at the return of the function that called alloca.
#include <alloca.h>
extern void reach_error(void);
void fill(int *a, int n) {
  for (int i = 0; i < n; i++) a[i] = i;
}
int sum3(void) {
  int *a = alloca(3 * sizeof(int));
  fill(a, 3);
  return a[0] + a[1] + a[2];
}
int main(void) {
  if (sum3() != 3) reach_error();
  if (sum3() != 3) reach_error();
  return 0;
}
