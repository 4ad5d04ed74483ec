// expected: unsupported extern pointer variable
// Streams other than stdout and stderr are not modelled: stdin as a FILE * is an extern pointer.
#include <stdio.h>
int main(void) {
  fputs("no", stdin);
  return 0;
}
