// No loop: every engine proves it TRUE at once.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = x + 1;
  if (y == x) reach_error();
  return 0;
}
