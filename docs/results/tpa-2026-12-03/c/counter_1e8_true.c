// expected: TRUE
extern void reach_error(void);
int main(void) {
  unsigned int x = 0;
  while (x < 100000000u) { x++; }
  if (x != 100000000u) reach_error();
  return 0;
}
