// expected: UNKNOWN
// args: --engine bmc
// reason: out-of-bounds read
// Reading past the terminating zero is out of bounds: any value in the model, reported by the
// replay.
extern void reach_error(void);
int main(void) {
  const char *s = "ab";
  if (s[3] == 7) reach_error();
  return 0;
}
