// expected: FALSE
extern void reach_error(void);
int main(void) {
  int x = 0;
  while (x < 8192) { x++; }
  if (x == 8192) reach_error();
  return 0;
}
