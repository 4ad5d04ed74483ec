// expected: TRUE
// strlen of literals, of a buffer and through a pointer into it.
#include <string.h>
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
int main(void) {
  if (strlen("abc") != 3) reach_error();
  if (strlen("") != 0) reach_error();
  char b[5] = "hi";
  const char *p = b + 1;
  if (strlen(b) != 2 || strlen(p) != 1) reach_error();
  b[__VERIFIER_nondet_uint() % 4] = 0;
  if (strlen(b) > 2) reach_error();
  return 0;
}
