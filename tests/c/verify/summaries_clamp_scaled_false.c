// expected: FALSE
// args: --engine summaries
// timeout: 10
// Issue 51: as summaries_clamp_scaled_true.c, with a bound one too tight: y >= 1000 reaches the error.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int clamp(int x, int lo, int hi) {
    if (x < lo) return lo;
    if (x > hi) return hi;
    return x;
}
int scaled(int x) { return 3 * clamp(x, -1000, 1000); }
int shifted(int x) { return scaled(x) + 7; }
int main(void) {
    int y = __VERIFIER_nondet_int();
    int s = shifted(y);
    if (s < -3 * 1000 + 7 || s > 3 * 1000 + 6) reach_error();
    if ((3 * clamp(y, -1000, 1000)) % 3 != 0) reach_error();
    return 0;
}
