// expected: TRUE
// strcpy and strlen on a malloc'ed block.
#include <string.h>
#include <stdlib.h>
extern void reach_error(void);
int main(void) {
  char *s = malloc(10);
  if (!s) return 0;
  strcpy(s, "hey");
  if (strlen(s) != 3) reach_error();
  free(s);
  return 0;
}
