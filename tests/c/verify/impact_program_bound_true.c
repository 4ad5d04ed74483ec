// expected: TRUE
// args: --engine impact
// timeout: 20
// k <= 1000000 at the end needs k <= i and k <= 1000000 together at the loop head: the
// second is the assertion's own bound, which invariant discovery takes from the program.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
    int i = 0, k = 0;
    while (i < 1000000) {
        int j = __VERIFIER_nondet_int();
        if (!(1 <= j && j < 1000000)) return 0;
        i = i + j;
        k++;
    }
    if (!(k <= 1000000)) reach_error();
    return 0;
}
