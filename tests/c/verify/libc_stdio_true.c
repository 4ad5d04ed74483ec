// expected: TRUE
// <stdio.h>'s output functions: arguments evaluated, no effect on the program, results as the
// standard allows (putchar: the character or EOF; puts: nonnegative or EOF). Including
// <stdio.h> was "unsupported: extern pointer variable" (its unused `extern FILE *stdin`).
#include <stdio.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int x = __VERIFIER_nondet_int(), y = 0;
  printf("x = %d, y = %d\n", x, y++);
  if (y != 1) reach_error();
  int p = putchar('A');
  if (p != 'A' && p != EOF) reach_error();
  int q = puts("hello");
  if (q < 0 && q != EOF) reach_error();
  return 0;
}
