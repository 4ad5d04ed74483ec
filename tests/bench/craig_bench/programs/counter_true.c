// A loop whose invariant (i <= 10) proves the assertion: TRUE.
extern void reach_error(void);
int main(void) {
  int i = 0;
  while (i < 10) i++;
  if (i != 10) reach_error();
  return 0;
}
