// expected: FALSE
// scanf writes fresh values through its targets (the first r of them, r its result) and
// getchar returns a character or EOF: reading 2 values and a character reaches the error.
#include <stdio.h>
extern void reach_error(void);
int main(void) {
  int a = 0;
  unsigned b = 7;
  int n = scanf("%d %u", &a, &b);
  int c = getchar();
  if (n == 2 && a == -5 && b == 40000 && c == 'q') reach_error();
  return 0;
}
