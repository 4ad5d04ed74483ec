// expected: FALSE
// args: --engine impact
// timeout: 20
// As impact_congruence_true.c, but the odd start leaves the loop at 11: the congruence
// i % 2 == 1 holds, the assertion does not.
extern void reach_error(void);
int main(void) {
    int i;
    for (i = 1; i < 10; i += 2)
        ;
    if (i != 10) reach_error();
    return 0;
}
