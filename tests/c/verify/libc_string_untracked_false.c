// expected: FALSE
// stdout: strlen() returns 3
// The untracked char[1000]: the replay confirms the length glibc computes.
#include <string.h>
extern void reach_error(void);
char big[1000];
int main(void) {
  strcpy(big, "abc");
  if (strlen(big) == 3) reach_error();
  return 0;
}
