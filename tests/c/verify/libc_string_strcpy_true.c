// expected: TRUE
// strcpy copies the string and its terminator.
#include <string.h>
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
int main(void) {
  char b[6] = "zzzzz";
  strcpy(b, "ab");
  if (b[0] != 'a' || b[1] != 'b' || b[2] != 0 || b[3] != 'z') reach_error();
  char c[6];
  if (strcpy(c, b) != c || strlen(c) != 2) reach_error();
  return 0;
}
