// expected: FALSE
extern void reach_error(void);
int main(void) {
  int x = 0;
  while (x < 1024) { x++; }
  if (x == 1024) reach_error();
  return 0;
}
