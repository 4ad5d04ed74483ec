// expected: UNKNOWN
// args: --engine bmc
// reason: undefined behaviour
// strcpy of 6 bytes into char[4]: undefined (the only path to the error).
#include <string.h>
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
int main(void) {
  char b[4];
  strcpy(b, "hello");
  if (b[0] == 'h') reach_error();
  return 0;
}
