_Bool bo;
char c;
signed char sc;
unsigned char uc;
short s;
unsigned short us;
int i;
unsigned int u;
long l;
unsigned long ul;
long long ll;
unsigned long long ull;
int main(void) {
  bo = c + sc;
  uc = us * s;
  u = i + u;
  ul = l - u;
  ll = ull >> 3;
  i = (u < -1) + (l < 0u) + (ll == ull);
  c = '\377';
  ull = 18446744073709551615u + 0x8000000000000000;
  return i ^ (int)(unsigned char)-1;
}
