// expected: TRUE
// An untracked char[1000]: strlen is any length that fits the rest of the object.
#include <string.h>
extern void reach_error(void);
char big[1000];
int main(void) {
  strcpy(big, "abc");
  if (strlen(big) >= 1000) reach_error();
  if (strlen(big + 998) > 1) reach_error();
  return 0;
}
