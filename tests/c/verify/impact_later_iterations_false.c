// expected: FALSE
// args: --engine impact
// timeout: 20
// impact_later_iterations_true.c with one iteration too many: the samples of later iterations
// must not hide the error at k = -1.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
    int n = __VERIFIER_nondet_int();
    if (n < 0 || n > 1000000) return 0;
    int i = 0;
    while (__VERIFIER_nondet_int() && i < n) i++;
    int k = i, j = 0;
    while (1) {
        if (!(k >= 0)) reach_error();
        k--;
        j++;
        if (j > i + 1) break;
    }
    return 0;
}
