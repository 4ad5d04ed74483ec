extern int __VERIFIER_nondet_int(void);
int main(void) {
  int i, s = 0;
  for (i = 0; i < 10; i++) { if (i == 3) continue; if (i == 8) break; s += i; }
  for (int j = 0; j < 3; ++j) s--;
  while (s > 0) s--;
  do { s++; } while (s < 5);
  switch (__VERIFIER_nondet_int()) {
  case 0: s = 1; break;
  case 1:
  case 2: s = 2;
  default: s = 3;
  }
  if (s) goto out; else s = 4;
out:
  ;
  { int k = s; s = k; }
  return s;
}
