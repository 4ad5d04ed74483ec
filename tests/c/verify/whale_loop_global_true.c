// expected: TRUE
// args: --engine whale  (a loop as a tail-recursive procedure, a global by mod/ref)
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int g;
void inc(void) { g = g + 1; }
int main(void) {
  int n = __VERIFIER_nondet_int();
  int i = 0;
  g = 0;
  while (i < n) { inc(); i++; }
  if (n >= 0 && g != n) reach_error();
  return 0;
}
