// expected: UNKNOWN
// reason: counterexample not confirmed by replay
// Two calls may place their locals at the same address (a stack does), so the model must not
// prove them different: UNKNOWN (the replay's layout has them apart), never TRUE.
extern void reach_error(void);
unsigned long where(void) {
  int local = 0;
  return (unsigned long)&local;
}
int main(void) {
  unsigned long a = where();
  unsigned long b = where();
  if (a == b) reach_error();
  return 0;
}
