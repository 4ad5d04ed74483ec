// expected: TRUE
// fflush of stdout or stderr returns 0 or EOF (C11 7.21.5.2p3) and changes nothing else.
#include <stdio.h>
extern void reach_error(void);
int main(void) {
  int x = 3;
  printf("%d\n", x);
  int r = fflush(stdout);
  int s = fflush(stderr);
  if ((r != 0 && r != EOF) || (s != 0 && s != EOF) || x != 3) reach_error();
  return 0;
}
