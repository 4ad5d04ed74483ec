int main(void) {
  int x = (1 + ;
  if (x { }
  return 0
}
