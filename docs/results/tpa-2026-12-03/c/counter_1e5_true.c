// expected: TRUE
extern void reach_error(void);
int main(void) {
  int x = 0;
  while (x < 100000) { x++; }
  if (x != 100000) reach_error();
  return 0;
}
