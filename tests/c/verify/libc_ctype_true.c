// expected: TRUE
// <ctype.h> in the C locale: the classes' relations and tolower/toupper (docs/libc.md).
#include <ctype.h>
#include <stdio.h>
extern char __VERIFIER_nondet_char(void);
extern void reach_error(void);
int main(void) {
  int c = (unsigned char)__VERIFIER_nondet_char();
  if (isdigit(c) && !isalnum(c)) reach_error();
  if (isdigit(c) && !isxdigit(c)) reach_error();
  if ((isupper(c) || islower(c)) && !isalpha(c)) reach_error();
  if (isalpha(c) && !isgraph(c)) reach_error();
  if (isgraph(c) && !isprint(c)) reach_error();
  if (ispunct(c) && isalnum(c)) reach_error();
  if (isspace(c) && isgraph(c)) reach_error();
  if (isblank(c) && !isspace(c)) reach_error();
  if (iscntrl(c) && isprint(c)) reach_error();
  if (isupper(c) && !islower(tolower(c))) reach_error();
  if (!isalpha(c) && (toupper(c) != c || tolower(c) != c)) reach_error();
  if (c >= 128 && (isalpha(c) || isprint(c) || iscntrl(c))) reach_error();
  if (isdigit(EOF) || toupper(EOF) != EOF) reach_error();
  return 0;
}
