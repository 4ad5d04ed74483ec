// expected: FALSE
extern void reach_error(void);
int main(void) {
  int x = 0, y = 0;
  while (x < 1200) { if (x < 1000) y++; else y += 2; x++; }
  if (y == 1400) reach_error();
  return 0;
}
