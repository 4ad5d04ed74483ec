// expected: TRUE
// fprintf, fputs, fputc and putc to stdout and stderr (glibc's extern FILE * variables):
// arguments evaluated, no effect on the program, results as C11 7.21 allows.
#include <stdio.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  int n = 0;
  int r = fprintf(stderr, "x=%d\n", x);
  if (fprintf(stdout, "%d", n++) > 100000 && n != 1) reach_error();
  if (n != 1) reach_error();
  int c = fputc('a', stdout);
  if (c != 'a' && c != EOF) reach_error();
  c = putc(300, stderr);
  if (c != 44 && c != EOF) reach_error();
  int f = fputs("text", stderr);
  if (f < 0 && f != EOF) reach_error();
  return r < 0 ? 1 : 0;
}
