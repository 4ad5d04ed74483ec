// expected: FALSE
// reason: the path assumes results of functions without a definition: sensor()
// stdout: "external_functions":["sensor"]
// A function that is neither defined nor a C library function of docs/libc.md returns any
// value: a FALSE that relies on one says so on its verdict line (and --json lists them).
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int sensor(int);
int main(void) {
  int v = __VERIFIER_nondet_int();
  if (sensor(v) == 11) reach_error();
  return 0;
}
