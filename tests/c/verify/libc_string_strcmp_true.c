// expected: TRUE
// strcmp: the sign of the first difference as unsigned char, 0 for equal strings.
#include <string.h>
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
int main(void) {
  if (strcmp("abc", "abc") != 0) reach_error();
  if (strcmp("abc", "abd") >= 0) reach_error();
  if (strcmp("ab", "abc") >= 0) reach_error();
  if (strcmp("\xff", "a") <= 0) reach_error();
  char b[4] = "xyz";
  if (strcmp(b, "xyz") != 0) reach_error();
  return 0;
}
