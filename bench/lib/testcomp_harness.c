/* craig's Test-Comp test harness: linked with a program under test, it returns the test's
 * inputs (one value per line on standard input, as bench/testcov.sh extracts them from a
 * testcase file) from the __VERIFIER_nondet_* calls in call order.
 *
 *   reach_error / __assert_fail / __VERIFIER_error: prints "craig-harness: error reached"
 *                                                   on stderr, exit status 107
 *   __VERIFIER_assume(0):                           "craig-harness: assumption violated", 108
 *   inputs exhausted:                               "craig-harness: out of inputs", 109 (a
 *                                                   test ends where its inputs end: programs
 *                                                   such as reactive loops would otherwise run
 *                                                   on with made-up values forever)
 *   abort(), SIGTERM (timeout):                     the coverage data is written before the
 *                                                   process ends
 * Values are C integer texts (decimal, or 0x hex), converted to the function's type as C
 * converts them. */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

extern void __gcov_dump(void);

static void craig_on_abort(int sig) {
  __gcov_dump();
  _exit(128 + sig);
}

__attribute__((constructor)) static void craig_harness_start(void) {
  signal(SIGABRT, craig_on_abort);
  signal(SIGTERM, craig_on_abort);
}

static unsigned long long craig_next_input(void) {
  char line[256];
  if (!fgets(line, sizeof line, stdin)) {
    fprintf(stderr, "craig-harness: out of inputs\n");
    fflush(NULL);
    exit(109);
  }
  const char *p = line;
  while (*p == ' ' || *p == '\t') ++p;
  if (*p == '-') return (unsigned long long)strtoll(p, NULL, 0);
  return strtoull(p, NULL, 0);
}

#define CRAIG_NONDET(name, type) \
  type __VERIFIER_nondet_##name(void) { return (type)craig_next_input(); }
CRAIG_NONDET(int, int)
CRAIG_NONDET(uint, unsigned int)
CRAIG_NONDET(unsigned, unsigned int)
CRAIG_NONDET(char, char)
CRAIG_NONDET(uchar, unsigned char)
CRAIG_NONDET(short, short)
CRAIG_NONDET(ushort, unsigned short)
CRAIG_NONDET(long, long)
CRAIG_NONDET(ulong, unsigned long)
CRAIG_NONDET(longlong, long long)
CRAIG_NONDET(ulonglong, unsigned long long)
CRAIG_NONDET(size_t, unsigned long)
CRAIG_NONDET(u32, unsigned int)
CRAIG_NONDET(bool, _Bool)
CRAIG_NONDET(_Bool, _Bool)

static void craig_error_reached(void) {
  fprintf(stderr, "craig-harness: error reached\n");
  fflush(NULL);
  exit(107);
}

void __assert_fail(const char *assertion, const char *file, unsigned int line, const char *function) {
  (void)assertion, (void)file, (void)line, (void)function;
  craig_error_reached();
}
void __VERIFIER_error(void) { craig_error_reached(); }
/* Weak: SV-COMP tasks define reach_error themselves (usually through __assert_fail). */
__attribute__((weak)) void reach_error(void) { craig_error_reached(); }

void __VERIFIER_assume(int condition) {
  if (!condition) {
    fprintf(stderr, "craig-harness: assumption violated\n");
    fflush(NULL);
    exit(108);
  }
}
