// expected: error 3
// args: --engine bmc
int main(void) {
  int x = ;
  return 0;
}
