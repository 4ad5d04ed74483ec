// expected: TRUE
// args: --engine summaries
// timeout: 10
// Issue 51: the summaries of scaled() and shifted() bound their results by ±3·N (+7), and main's
// "3·clamp(y) % 3 != 0" needs divisibility, not a search through the 2N+1 values of clamp; when
// the issue was filed this took 10.6 s at N = 500 and timed out "in a solver query" at N = 1000.
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
    if (s < -3 * 1000 + 7 || s > 3 * 1000 + 7) reach_error();
    if ((3 * clamp(y, -1000, 1000)) % 3 != 0) reach_error();
    return 0;
}
