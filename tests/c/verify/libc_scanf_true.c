// expected: TRUE
// scanf's result is EOF or the number of targets assigned, and a target it did not assign keeps
// its value; getchar's result is an unsigned char or EOF.
#include <stdio.h>
extern void reach_error(void);
int main(void) {
  int a = 1, b = 2;
  int n = scanf("%d%d", &a, &b);
  if (n != EOF && (n < 0 || n > 2)) reach_error();
  if (n < 2 && b != 2) reach_error();
  if (n < 1 && a != 1) reach_error();
  int c = getchar();
  if (c != EOF && (c < 0 || c > 255)) reach_error();
  return 0;
}
