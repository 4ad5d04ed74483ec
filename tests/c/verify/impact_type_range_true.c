// expected: TRUE
// args: --engine impact
// timeout: 20
// x + y == n is inductive only where y++ cannot wrap around, which needs n <= UINT_MAX, a
// fact of n's type that no label states: invariant discovery offers the range of each
// variable's C type as a candidate (loops/count_up_down-1).
extern void reach_error(void);
extern unsigned __VERIFIER_nondet_uint(void);
int main(void) {
    unsigned n = __VERIFIER_nondet_uint();
    unsigned x = n, y = 0;
    while (x > 0) {
        x--;
        y++;
    }
    if (!(y == n)) reach_error();
    return 0;
}
