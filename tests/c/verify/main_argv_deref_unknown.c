// expected: UNKNOWN
// reason: counterexample not confirmed by replay
// Nothing is known of the strings behind argv: a path through them is not claimed.
extern void reach_error(void);
int main(int argc, char **argv) {
  if (argc > 1 && argv[1] != 0) reach_error();
  return 0;
}
