// expected: FALSE
// args: --engine impact
// timeout: 20
// impact_type_range_true.c with one iteration too few: y == n - 1 for n >= 1.
extern void reach_error(void);
extern unsigned __VERIFIER_nondet_uint(void);
int main(void) {
    unsigned n = __VERIFIER_nondet_uint();
    unsigned x = n, y = 0;
    while (x > 1) {
        x--;
        y++;
    }
    if (!(y == n)) reach_error();
    return 0;
}
