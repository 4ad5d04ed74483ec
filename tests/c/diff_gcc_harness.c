/* Ground truth for tests/c/diff_gcc.py: runs one generated program on every input vector.
 *
 *   gcc -fsanitize=undefined -fno-sanitize-recover=all -DPROGRAM='"p.c"' diff_gcc_harness.c
 *   ./a.out LO1 HI1 [LO2 HI2 ...]
 *
 * The program is included with its main renamed; this file defines the SV-COMP builtins:
 * __VERIFIER_nondet_* return the next value of the current input vector, __VERIFIER_assume(0)
 * ends the run quietly, reach_error() ends it with exit code REACHED. main forks once per
 * vector (a fresh process keeps globals and UBSan's exit apart between vectors; one fork costs
 * far less than one exec) and prints one line:
 *   vectors N reached R ub U hang H other O
 * U counts vectors that stopped with a sanitizer report (UBSan exits 1), H those still running
 * after 2 s, O any other ending (a signal, or more nondet calls than inputs). A vector's own
 * output (the program may print) is sent to /dev/null, so stdout holds only that line.
 * Bounds are decimal; negative ones go through strtoull, i.e. two's complement, and each
 * nondet function converts the 64-bit value to its type as gcc does (modulo 2^width). */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#define main craig_generated_main
#include PROGRAM
#undef main

enum { REACHED = 42, EXTRA_INPUT = 43, NO_DEV_NULL = 44, MAX_INPUTS = 16 };

static unsigned long long inputs[MAX_INPUTS];
static int n_inputs, next_input;

static unsigned long long input(void) {
    if (next_input >= n_inputs) _exit(EXTRA_INPUT);
    return inputs[next_input++];
}

char __VERIFIER_nondet_char(void) { return (char)input(); }
signed char __VERIFIER_nondet_schar(void) { return (signed char)input(); }
unsigned char __VERIFIER_nondet_uchar(void) { return (unsigned char)input(); }
short __VERIFIER_nondet_short(void) { return (short)input(); }
unsigned short __VERIFIER_nondet_ushort(void) { return (unsigned short)input(); }
int __VERIFIER_nondet_int(void) { return (int)input(); }
unsigned int __VERIFIER_nondet_uint(void) { return (unsigned int)input(); }
long __VERIFIER_nondet_long(void) { return (long)input(); }
unsigned long __VERIFIER_nondet_ulong(void) { return (unsigned long)input(); }
long long __VERIFIER_nondet_longlong(void) { return (long long)input(); }
void __VERIFIER_assume(int cond) { if (!cond) _exit(0); }
void reach_error(void) { _exit(REACHED); }

int main(int argc, char** argv) {
    unsigned long long lo[MAX_INPUTS], size[MAX_INPUTS], k[MAX_INPUTS] = {0};
    n_inputs = (argc - 1) / 2;
    if (argc % 2 == 0 || n_inputs > MAX_INPUTS) {
        fprintf(stderr, "usage: harness LO1 HI1 [LO2 HI2 ...] (at most %d inputs)\n", MAX_INPUTS);
        return 2;
    }
    for (int i = 0; i < n_inputs; ++i) {
        lo[i] = strtoull(argv[1 + 2 * i], NULL, 10);
        size[i] = strtoull(argv[2 + 2 * i], NULL, 10) - lo[i] + 1;
    }
    long vectors = 0, reached = 0, ub = 0, hang = 0, other = 0;
    for (;;) {
        for (int i = 0; i < n_inputs; ++i) inputs[i] = lo[i] + k[i];
        fflush(stdout);
        pid_t pid = fork();
        if (pid < 0) { perror("fork"); return 2; }
        if (pid == 0) {
            /* The program's own output (printf, puts, putchar of gen_c --lib) goes nowhere:
             * stdout carries only the summary line, whatever a vector prints or buffers. */
            int null = open("/dev/null", O_WRONLY);
            if (null < 0 || dup2(null, STDOUT_FILENO) < 0) _exit(NO_DEV_NULL);
            close(null);
            alarm(2);
            next_input = 0;
            craig_generated_main();
            _exit(0);
        }
        int status;
        waitpid(pid, &status, 0);
        ++vectors;
        if (WIFEXITED(status) && WEXITSTATUS(status) == 0) {
        } else if (WIFEXITED(status) && WEXITSTATUS(status) == REACHED) {
            ++reached;
        } else if (WIFEXITED(status) && WEXITSTATUS(status) == 1) {
            ++ub;
        } else if (WIFSIGNALED(status) && WTERMSIG(status) == SIGALRM) {
            ++hang;
        } else {
            ++other;
        }
        /* Next vector, odometer order. */
        int i = 0;
        while (i < n_inputs && ++k[i] == size[i]) k[i++] = 0;
        if (i == n_inputs) break;
    }
    printf("vectors %ld reached %ld ub %ld hang %ld other %ld\n", vectors, reached, ub, hang, other);
    return 0;
}
