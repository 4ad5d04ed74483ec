// expected: TRUE
// memcmp: 0 for equal bytes, the sign of the first differing byte (unsigned char).
#include <string.h>
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
int main(void) {
  char x[3] = {1, 2, 3}, y[3] = {1, 2, -1};
  if (memcmp(x, x, 3) != 0) reach_error();
  if (memcmp(x, y, 2) != 0) reach_error();
  if (memcmp(x, y, 3) >= 0) reach_error();
  int a[2] = {5, 6}, b[2] = {5, 7};
  if (memcmp(a, b, sizeof(int)) != 0) reach_error();
  if (memcmp(a, b, sizeof a) == 0) reach_error();
  return 0;
}
