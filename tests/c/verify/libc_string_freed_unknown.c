// expected: UNKNOWN
// args: --engine bmc
// reason: dead object
// strlen of a freed block is undefined.
#include <string.h>
#include <stdlib.h>
extern void reach_error(void);
int main(void) {
  char *s = malloc(10);
  if (!s) return 0;
  strcpy(s, "hey");
  free(s);
  if (strlen(s) == 3) reach_error();
  return 0;
}
