// expected: FALSE
// argv may be passed on and compared (before the fix: "parameter argc has no value" in the
// replay, so UNKNOWN); argc = 6 with argv non-null.
extern void reach_error(void);
int f(int n, char **v) { return n + (v != 0); }
int main(int argc, char **argv) {
  int r = f(argc, argv);
  if (r == 7) reach_error();
  return 0;
}
