// expected: TRUE
// args: --precision bv  (the default portfolio on words: its members without words, value and vinta-box, are left out instead of refusing the program)
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (((x & 1) ^ (x | 1)) != (x | 1) - (x & 1)) reach_error();
  return 0;
}
