// expected: TRUE
// args: --engine bmc
// Issue 15: an external function's result ranges over its return type only (bmc).
extern void reach_error(void);
extern unsigned char sample(void);
int main(void) { unsigned char c = sample(); if (c > 255) reach_error(); return 0; }
