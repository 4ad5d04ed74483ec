// expected: TRUE
// args: --engine impact
// timeout: 20
// The countdown's invariant k + j = i holds from the second loop's first iteration on, but the
// unwinding reaches that loop first with j = 0 and k = i only: invariant discovery samples
// further iterations of the loop's own block past the sampled vertices, or the affine hull of
// its samples holds the accidental j = 0 and k = i instead (loop-invgen/fragtest_simple).
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
        if (j >= i) break;
    }
    return 0;
}
