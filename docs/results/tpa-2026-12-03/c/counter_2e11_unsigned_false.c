// expected: FALSE
extern void reach_error(void);
int main(void) {
  unsigned int x = 0;
  while (x < 2048u) { x++; }
  if (x == 2048u) reach_error();
  return 0;
}
