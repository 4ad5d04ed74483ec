// expected: TRUE
// args: --engine impact
// timeout: 20
// The exit value i == 1000000 follows from the loop head's invariants i % 2 == 0 and
// i <= 1000000, neither of which interpolants of unrolled paths find: impact's invariant
// discovery proposes the congruence of its samples and the program's bound (c + 1).
extern void reach_error(void);
int main(void) {
    int i;
    for (i = 0; i < 1000000; i += 2)
        ;
    if (i != 1000000) reach_error();
    return 0;
}
