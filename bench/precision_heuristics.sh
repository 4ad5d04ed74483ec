#!/usr/bin/env bash
# The theory refinement heuristics H0-H7 compared (issue 22; the thesis' Table 6.2): solved
# programs, refinements, refined operators and CPU time per configuration, next to the
# bit-precise (bv) and integer (lia) encodings.
#
#   bench/precision_heuristics.sh DIR [TIMEOUT] [ENGINE]
#
# DIR holds C programs whose expected verdict is in the name (..._true.c / ..._false.c) or in a
# `// expected: TRUE|FALSE` line (bench/gen_bitops.py makes a family; tests/c/verify/bv_*.c are
# hand-written ones). Each run: `craig verify --engine ENGINE --timeout TIMEOUT --json` under a
# CPU limit of TIMEOUT + 5 s. Results: $CRAIG_BENCH_RESULTS (default ../bench-results, beside the repository)/
# precision-DATE/runs.csv and summary.txt. CRAIG: the binary (default build/craig).
# Configurations: $PRECISION_CONFIGS (default "lia bv h0 h1 h2 h3 h4 h5 h6 h7"; hN means
# --precision refine --precision-heuristic hN). A wrong verdict is reported and makes the exit
# code 1.
set -u
dir="${1:?usage: precision_heuristics.sh DIR [TIMEOUT] [ENGINE]}"
timeout="${2:-10}"
engine="${3:-bmc}"
here=$(cd "$(dirname "$0")/.." && pwd)
craig="${CRAIG:-$here/build/craig}"
configs="${PRECISION_CONFIGS:-lia bv h0 h1 h2 h3 h4 h5 h6 h7}"
out="${CRAIG_BENCH_RESULTS:-$here/../bench-results}/precision-$(date +%Y%m%d-%H%M%S)"
mkdir -p "$out"
csv="$out/runs.csv"
echo "program,config,expected,verdict,refinements,refined_sites,cpu_s,reason" > "$csv"
command -v /usr/bin/time >/dev/null || { echo "precision_heuristics.sh: needs /usr/bin/time (Debian package time)" >&2; exit 2; }
wrong=0
for f in "$dir"/*.c; do
  name=$(basename "$f" .c)
  case "$name" in
    *_true) expected=TRUE ;;
    *_false) expected=FALSE ;;
    *) expected=$(sed -n 's|^// expected: *\([A-Z]*\).*|\1|p' "$f" | head -1) ;;
  esac
  [ "$expected" = TRUE ] || [ "$expected" = FALSE ] || continue
  for c in $configs; do
    case "$c" in
      lia|bv|uf) args="--precision $c" ;;
      h[0-7]) args="--precision refine --precision-heuristic $c" ;;
      *) echo "unknown configuration $c" >&2; exit 2 ;;
    esac
    # shellcheck disable=SC2086
    line=$( (ulimit -t $((timeout + 5)); /usr/bin/time -o "$out/.cpu" -f "%U %S" "$craig" verify --json --timeout "$timeout" --engine "$engine" $args "$f" 2>/dev/null) | tail -n 1)
    # CPU seconds (user + system) of the run.
    cpu=$(awk 'END { printf "%.3f", $1 + $2 }' "$out/.cpu")
    verdict=$(echo "$line" | grep -o '"result":"[A-Z]*"' | cut -d'"' -f4)
    [ -n "$verdict" ] || verdict=ERROR
    refinements=$(echo "$line" | grep -o '"precision.refinements":[0-9]*' | cut -d: -f2)
    sites=$(echo "$line" | grep -o '"precision.refined-sites":[0-9]*' | cut -d: -f2)
    reason=$(echo "$line" | grep -o '"reason":"[^"]*"' | cut -d'"' -f4 | tr ',' ';' | cut -c1-80)
    if { [ "$verdict" = TRUE ] || [ "$verdict" = FALSE ]; } && [ "$verdict" != "$expected" ]; then
      echo "WRONG: $name $c: $verdict, expected $expected" >&2
      wrong=$((wrong + 1))
    fi
    echo "$name,$c,$expected,$verdict,${refinements:-0},${sites:-0},$cpu,$reason" >> "$csv"
  done
done
{
  echo "precision heuristics: $dir, engine $engine, timeout ${timeout}s"
  echo "binary $craig (sha256 $(sha256sum "$craig" | cut -c1-12)), date $(date -u +%Y-%m-%dT%H:%MZ)"
  printf "%-6s %7s %6s %6s %12s %14s %9s\n" config solved true false refinements refined-sites cpu-s
  for c in $configs; do
    awk -F, -v c="$c" 'NR > 1 && $2 == c {
        n++; if ($4 == $3) { s++; if ($4 == "TRUE") t++; else f++ }
        r += $5; q += $6; cpu += $7 }
      END { printf "%-6s %3d/%-3d %6d %6d %12d %14d %9.1f\n", c, s, n, t, f, r, q, cpu }' "$csv"
  done
  echo "wrong verdicts: $wrong"
} | tee "$out/summary.txt"
[ "$wrong" -eq 0 ]
