extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main() {
  int x = 0;
  int k = __VERIFIER_nondet_int();
  if (k < 0 || k > 100) return 0;
  for (int i = 0; i < k; i++) {
    int x = i;
    while (x > 0) x--;
    if (x != 0) reach_error();
  }
  if (x != 0) reach_error();
  return 0;
}
