// expected: TRUE
// strchr finds the first occurrence, the terminator for 0, and null when absent.
#include <string.h>
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
int main(void) {
  const char *s = "hello";
  if (strchr(s, 'l') != s + 2) reach_error();
  if (strchr(s, 0) != s + 5) reach_error();
  if (strchr(s, 'z') != 0) reach_error();
  return 0;
}
