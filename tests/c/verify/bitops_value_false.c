// expected: FALSE
// args: --engine value  (bitwise operators and products computed exactly on known values)
extern void reach_error(void);
int main(void) {
  unsigned h = 2166136261u;
  int i;
  for (i = 0; i < 4; i++) {
    h = (h ^ (unsigned)(i + 65)) * 16777619u;
  }
  if ((h & 0xffu) == ((h >> 8) & 0xffu) * 0u + (h & 0xffu)) reach_error();
  return 0;
}
