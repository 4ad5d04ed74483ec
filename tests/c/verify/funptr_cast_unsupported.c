// expected: unsupported function pointer cast
// A function pointer converted to void * (and back) would leave the functions of its type.
extern void reach_error(void);
int one(void) { return 1; }
int main(void) {
  void *p = one;
  int (*f)(void) = p;
  if (f() != 1) reach_error();
  return 0;
}
