// expected: TRUE
// strncmp compares at most n characters.
#include <string.h>
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
int main(void) {
  if (strncmp("abcx", "abcy", 3) != 0) reach_error();
  if (strncmp("abcx", "abcy", 4) >= 0) reach_error();
  if (strncmp("ab", "ab", 10) != 0) reach_error();
  char b[2] = {'q', 'r'};  /* unterminated, but only n characters are read */
  if (strncmp(b, "qr", 2) != 0) reach_error();
  return 0;
}
