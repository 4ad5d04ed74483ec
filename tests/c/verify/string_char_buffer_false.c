// expected: FALSE
// A char array initialised from a literal is a modifiable copy: it is written and read back,
// and compared with the literal it was copied from (which stays unchanged).
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  char buf[] = "abc";
  const char *orig = "abc";
  int i = __VERIFIER_nondet_int();
  if (i < 0 || i > 2) return 0;
  buf[i] = 'z';
  int diff = 0;
  for (int k = 0; orig[k]; k++)
    if (buf[k] != orig[k]) diff++;
  if (diff == 1 && buf[1] == 'z' && orig[1] == 'b' && buf[3] == 0 && sizeof(buf) == 4) reach_error();
  return 0;
}
