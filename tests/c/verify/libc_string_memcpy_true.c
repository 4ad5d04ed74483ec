// expected: TRUE
// memcpy between int arrays and between char arrays.
#include <string.h>
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
int main(void) {
  int a[3] = {1, 2, 3}, b[3];
  memcpy(b, a, sizeof a);
  if (b[0] != 1 || b[2] != 3) reach_error();
  char s[4] = "abc", t[4];
  memcpy(t, s, 4);
  if (strcmp(t, "abc") != 0) reach_error();
  return 0;
}
