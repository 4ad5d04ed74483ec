// expected: UNKNOWN
// args: --engine bmc
// reason: not confirmed by replay
// char[1000] has no cell variables: strlen of it is any length that fits, a path the replay refutes.
#include <string.h>
extern void reach_error(void);
char big[1000];
int main(void) {
  strcpy(big, "abc");
  if (strlen(big) != 3) reach_error();
  return 0;
}
