extern void reach_error(void);
int main(void) { reach_error(); return 0; }
