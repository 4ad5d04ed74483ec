// expected: FALSE
// args: --engine tpa  (the error after 2^10 iterations: a path of 1026 blocks from 11 levels)
extern void reach_error(void);
int main(void) {
  unsigned int x = 0;
  while (x < 1024u) { x++; }
  if (x == 1024u) reach_error();
  return 0;
}
