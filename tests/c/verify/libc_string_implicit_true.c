// expected: TRUE
// No #include: the table's implicit declarations (literal arguments are objects).
extern void reach_error(void);
int main(void) {
  char b[4];
  strcpy(b, "ab");
  if (strlen(b) != 2) reach_error();
  memset(b, 'x', 3);
  b[3] = 0;
  if (b[2] != 'x' || strcmp(b, "xxx") != 0) reach_error();
  return 0;
}
