// expected: FALSE
// args: --engine lazy-inter  (a loop, a tail-recursive procedure, calling a function with a global)
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int total;
void add(int k) { total = total + k; }
int main(void) {
  int n = __VERIFIER_nondet_int();
  total = 0;
  for (int i = 0; i < n; i++) add(i);
  if (total == 6) reach_error();
  return 0;
}
