// expected: FALSE
// Each <ctype.h> function takes part in the path to the error; the replay computes the
// class with the C library (its nonzero values, e.g. 2048 for isdigit in glibc).
#include <ctype.h>
extern char __VERIFIER_nondet_char(void);
extern void reach_error(void);
int main(void) {
  int a = __VERIFIER_nondet_char(), b = __VERIFIER_nondet_char(), d = __VERIFIER_nondet_char();
  if (a < 0 || b < 0 || d < 0) return 0;
  if (!isdigit(a) || !isxdigit(b) || isdigit(b) || !isupper(b)) return 0;
  if (!isspace(d) || isblank(d) || iscntrl(d) == 0) return 0;
  if (isalpha(a) || !isalnum(a) || !isgraph(b) || !isprint(a) || ispunct(a)) return 0;
  if (islower(b) || tolower(b) != 'c' || toupper('q') != 'Q') return 0;
  if (a == '7' && d == '\n') reach_error();
  return 0;
}
