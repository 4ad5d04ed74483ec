// expected: FALSE
// puts and printf("%s") of a char array: the replay reads the text from memory and returns
// glibc's count (puts: the characters and the newline). craig's replay returned EOF for any
// argument that is not a literal, refuting the path (UNKNOWN; found by the random test, h-genc).
#include <stdio.h>
extern void reach_error(void);
int main(void) {
  char s[] = "abc";
  s[1] = 'x';
  int n = printf("%s!\n", s);
  if (puts(s) >= 0 && n == 5) reach_error();
  return 0;
}
