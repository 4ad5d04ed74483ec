// expected: error 3
int main(void) {
  int x = ;
  return 0;
}
