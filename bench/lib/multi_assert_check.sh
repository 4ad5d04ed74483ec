#!/usr/bin/env bash
# bench/lib/multi_assert_check.sh [-n RUNS] [-c CRAIG] [-t TIMEOUT] TASK.yml...
#
# Checks the verdicts of bench/gen_multi_assert.py's tasks by means that share nothing with the
# generator's evaluation: each program is compiled by gcc (-Wall -Wextra -Werror, UBSan: an
# overflow stops the run) with a harness that defines __VERIFIER_nondet_int, __VERIFIER_assume
# (false: the run ends) and reach_error, then run
#   - on every input of the box [-R-1, R+1]^3 (R from the program's "input range" comment; one
#     step wider than the assumptions, so that a missing assumption shows), and
#   - on RUNS (default 100000) random inputs drawn from [-R, R]^3,
# with the `reach_error();` of site N (the line marked `/* site N: ... */`) turned into a call
# that records N. Every site marked violated must be reached on some input of the box, no site
# marked holds may ever be reached. With -c, also `CRAIG verify --engine bmc --timeout TIMEOUT`
# (default 60) must give the yml's expected verdict (bmc is complete here: every loop is bounded).
# One line per task (OK or MISMATCH with the reason); exit 1 if any task mismatched.
set -uo pipefail
export LC_ALL=C
runs=100000 craig="" tmo=60
while getopts n:c:t: o; do
  case $o in
    n) runs=$OPTARG ;;
    c) craig=$OPTARG ;;
    t) tmo=$OPTARG ;;
    *) echo "usage: bench/lib/multi_assert_check.sh [-n RUNS] [-c CRAIG] [-t TIMEOUT] TASK.yml..." >&2; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
[ $# -gt 0 ] || { echo "usage: bench/lib/multi_assert_check.sh [-n RUNS] [-c CRAIG] [-t TIMEOUT] TASK.yml..." >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The harness: main of the program renamed program_main (by sed); a run that ends (assumption
# false, site reached) jumps back here, so its counters are static (longjmp may clobber locals).
# Mode "all" enumerates the input sequences like an odometer over the values the run read (all
# three inputs are read before the first assumption), "random" draws them (xorshift).
cat >"$work/harness.c" <<'EOF'
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
int program_main(void);
static jmp_buf back;
static int vals[64], used, lo, hi, rnd;
static unsigned long long state = 88172645463325252ULL;
static long hits[1000], runs_total, runs_wanted;
static int witness[1000][64], wlen[1000];
int __VERIFIER_nondet_int(void) {
  if (used >= 64) { fprintf(stderr, "too many inputs\n"); exit(3); }
  if (rnd) {
    state ^= state << 13; state ^= state >> 7; state ^= state << 17;
    vals[used] = lo + (int)(state % (unsigned long long)(hi - lo + 1));
  }
  return vals[used++];
}
void __VERIFIER_assume(int c) { if (!c) longjmp(back, 1); }
void reach_error_site(int n) {
  if (n < 1 || n >= 1000) exit(3);
  if (hits[n]++ == 0) { for (int i = 0; i < used; i++) witness[n][i] = vals[i]; wlen[n] = used; }
  longjmp(back, 2);
}
void reach_error(void) { fprintf(stderr, "reach_error outside a marked site\n"); exit(3); }
int main(int argc, char **argv) {
  if (argc != 5) return 2;
  rnd = argv[1][0] == 'r'; lo = atoi(argv[2]); hi = atoi(argv[3]);
  runs_wanted = atol(argv[4]);
  state += (unsigned long long)runs_wanted;
  for (int i = 0; i < 64; i++) vals[i] = lo;
  for (;;) {
    used = 0;
    if (setjmp(back) == 0) program_main();
    runs_total++;
    if (rnd) { if (runs_total >= runs_wanted) break; continue; }
    int p = used - 1;                       /* next input sequence: odometer over the values read */
    while (p >= 0 && vals[p] == hi) p--;
    if (p < 0) break;
    vals[p]++;
    for (int q = p + 1; q < 64; q++) vals[q] = lo;
  }
  printf("runs %ld\n", runs_total);
  for (int s = 1; s < 1000; s++)
    if (hits[s]) {
      printf("site %d hits %ld input", s, hits[s]);
      for (int i = 0; i < wlen[s]; i++) printf(" %d", witness[s][i]);
      printf("\n");
    }
  return 0;
}
EOF

bad=0
for yml in "$@"; do
  dir=$(dirname "$yml")
  c=$dir/$(sed -n "s/^input_files:[[:space:]]*'\{0,1\}\([^']*\)'\{0,1\}[[:space:]]*$/\1/p" "$yml")
  expected=$(sed -n 's/^[[:space:]]*expected_verdict:[[:space:]]*//p' "$yml" | head -1)
  R=$(sed -n 's/^ \* input range: \[-\([0-9]*\), .*/\1/p' "$c" | head -1)
  name=$(basename "$yml" .yml)
  if [ -z "$R" ] || [ ! -f "$c" ]; then echo "$name: MISMATCH (no program or no input range comment)"; bad=1; continue; fi
  # site N's reach_error() records N; the marks say what the generator expects
  { echo "void reach_error_site(int);"
    sed -E 's|reach_error\(\); /\* site ([0-9]+): |reach_error_site(\1); /* site \1: |; s|^int main\(void\)|int program_main(void)|' "$c"; } >"$work/p.c"
  sed -nE 's|.*/\* site ([0-9]+): violated \*/.*|\1|p' "$c" | sort -n >"$work/want"
  if ! gcc -std=c11 -O1 -Wall -Wextra -Werror -fsanitize=undefined -fno-sanitize-recover=undefined \
    -o "$work/p" "$work/p.c" "$work/harness.c" 2>"$work/cc.log"; then
    echo "$name: MISMATCH (gcc: $(head -3 "$work/cc.log" | tr '\n' ' '))"; bad=1; continue
  fi
  why=""
  "$work/p" all $((-R - 1)) $((R + 1)) 0 >"$work/all" 2>"$work/err" || why+="exhaustive run failed: $(head -1 "$work/err"); "
  "$work/p" random $((-R)) "$R" "$runs" >"$work/rnd" 2>>"$work/err" || why+="random runs failed: $(head -1 "$work/err"); "
  awk '/^site/ { print $2 }' "$work/all" | sort -n >"$work/got"
  cmp -s "$work/want" "$work/got" ||
    why+="sites reached on the box: $(paste -sd, "$work/got"), marked violated: $(paste -sd, "$work/want"); "
  extra=$(awk '/^site/ { print $2 }' "$work/rnd" | sort -n | comm -13 "$work/want" -)
  [ -z "$extra" ] || why+="random inputs reached sites marked holds: $extra; "
  [ "$expected" = "$([ -s "$work/want" ] && echo false || echo true)" ] || why+="yml says $expected; "
  verdict=""
  if [ -n "$craig" ]; then
    verdict=$("$craig" verify --engine bmc --timeout "$tmo" "$yml" 2>/dev/null | sed -n 's/^Verification result: //p')
    case $verdict in
      TRUE | FALSE) [ "$verdict" = "${expected^^}" ] || why+="bmc says $verdict; " ;;
      *) verdict="no verdict (${verdict:-none})" ;;
    esac
  fi
  rhits=$(awk '/^site/ { printf "%s%s:%s", s, $2, $4; s = "," }' "$work/rnd")
  info="$(sed -n 's/^runs //p' "$work/all") box inputs, violated [$(paste -sd, "$work/want")], random hits [${rhits}]${verdict:+, bmc $verdict}"
  if [ -n "$why" ]; then echo "$name: MISMATCH: ${why%; } ($info)"; bad=1; else echo "$name: OK ($info)"; fi
done
exit $bad
