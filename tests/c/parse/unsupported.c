struct point { int x, y; };
int table[4] = { 1, 2, 3, 4 };
void use_pointer(int *p) { *p = 1; }
double half(double d) { return d / 2.0; }
int main(void) {
  struct point pt;
  int arr[3];
  int v = 0;
  use_pointer(&v);
  arr[0] = table[1];
  pt.x = arr[0];
  return pt.x + (int)half(1.5);
}
