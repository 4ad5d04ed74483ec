// expected: FALSE
// main's integer parameters are inputs (argc = 4 here), replayed as such; the violation
// witnesses state argc's value as an assumption.
extern void reach_error(void);
int main(int argc, char **argv) {
  if (argc > 3) reach_error();
  return 0;
}
