// expected: TRUE
// memset of char cells with any byte, of int cells with 0 and -1 (all ones), a symbolic length.
#include <string.h>
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
int main(void) {
  char c[6];
  memset(c, 'a', 5);
  c[5] = 0;
  if (c[0] != 'a' || c[4] != 'a' || strlen(c) != 5) reach_error();
  int a[4];
  memset(a, 0, sizeof a);
  memset(a, -1, 2 * sizeof(int));
  if (a[0] != -1 || a[1] != -1 || a[2] != 0 || a[3] != 0) reach_error();
  unsigned k = __VERIFIER_nondet_uint() % 4;
  memset(a, 0, k * sizeof(int));
  if (a[3] != 0) reach_error();
  if (k > 1 && a[1] != 0) reach_error();
  unsigned short h[2];
  memset(h, 1, sizeof h);
  if (h[1] != 257) reach_error();
  return 0;
}
