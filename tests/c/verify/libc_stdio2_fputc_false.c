// expected: FALSE
// fputc and putc return the character written (as unsigned char) or EOF; fputs a nonnegative
// value or EOF (glibc: 1). The error needs fputc's character back and fputs' success.
#include <stdio.h>
extern char __VERIFIER_nondet_char(void);
extern void reach_error(void);
int main(void) {
  char ch = __VERIFIER_nondet_char();
  int a = fputc(ch, stdout), b = putc('x', stderr), c = fputs("ok", stdout);
  if (a == 'q' && b == 'x' && c >= 0) reach_error();
  return 0;
}
