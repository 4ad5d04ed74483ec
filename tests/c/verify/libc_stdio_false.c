// expected: FALSE
// printf's result is the number of characters printed (or negative on an output error): the
// replay counts them with the C library ("x=42\n" is 5 characters); puts and putchar take
// part too.
#include <stdio.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x < 10 || x > 99) return 0;
  int n = printf("x=%d\n", x);
  int p = putchar('z');
  int q = puts("ok");
  if (n == 5 && p == 'z' && q >= 0 && x == 42) reach_error();
  return 0;
}
