// expected: FALSE
// A 3-bit counter wraps after 7: the bug needs the width's wrap-around, replayed concretely.
extern void reach_error(void);
struct counter { unsigned int n : 3; unsigned int other : 5; };
int main(void) {
  struct counter c = {0, 31};
  for (int i = 0; i < 8; i++) c.n++;
  if (c.n == 0) reach_error();
  return 0;
}
