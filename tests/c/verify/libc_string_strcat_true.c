// expected: TRUE
// strcat appends at the terminator.
#include <string.h>
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
int main(void) {
  char b[8] = "ab";
  strcat(b, "cd");
  if (strcmp(b, "abcd") != 0 || strlen(b) != 4) reach_error();
  return 0;
}
