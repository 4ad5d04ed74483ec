int a, b, c;
unsigned u;
long l;
char ch;
int main(void) {
  a = b + c * 2 - (a << 3) % 7;
  u = u >> 1 | a & 0xff ^ ~b;
  a = b < c == c > a && !b || a != 0;
  a = b ? c : a ? 1 : 2;
  a += 1; a -= b; a *= 2; a /= 3; a %= 5; a <<= 1; a >>= 1; a &= 7; a |= 8; a ^= 9;
  ch = (char)(a + 'x');
  l = (long)u + 2147483648 + 0x7fffffffL + 10ull;
  a = sizeof(int) + sizeof a + sizeof(long long);
  a++, ++b, c--, --a;
  return -a + +b;
}
