// expected: TRUE
// argc is never negative (C11 5.1.2.2.1).
extern void reach_error(void);
int main(int argc, char *argv[]) {
  if (argc < 0) reach_error();
  return 0;
}
