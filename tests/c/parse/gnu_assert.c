# 1 "gnu_assert.c"
# 1 "/usr/include/assert.h" 1 3 4
extern void __assert_fail (const char *__assertion, const char *__file,
      unsigned int __line, const char *__function)
     __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
# 2 "gnu_assert.c" 2
void reach_error() { ((void) sizeof ((0) ? 1 : 0), __extension__ ({ if (0) ; else __assert_fail ("0", "assert.h", 3, __extension__ __PRETTY_FUNCTION__); })); }
int main(void) {
  int x = 0;
  ((x == 0) ? (void) (0) : __assert_fail ("x == 0", "gnu_assert.c", 5, __extension__ __PRETTY_FUNCTION__));
  if (__builtin_expect(x != 0, 0)) reach_error();
  return 0;
}
