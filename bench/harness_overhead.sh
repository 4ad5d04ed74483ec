#!/usr/bin/env bash
# bench/harness_overhead.sh [N=100] [ROUNDS=3] — what `craig bench run` costs per run beyond the
# run itself (issue 55): a task craig decides in milliseconds (a straight-line C program, TRUE),
# N times with a bare loop of `craig verify --timeout 60 --stats FILE` and N times as one
# `craig bench run FILE --repeat N --jobs 1 --timeout 60` (limits, process group, /proc sampling,
# record files, result XML/CSV at the end), ROUNDS rounds alternating the two; prints each
# round's wall seconds and the overhead per run in ms (the medians). $CRAIG: the binary
# (default build/craig).
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
craig=${CRAIG:-$here/../build/craig}
n=${1:-100} rounds=${2:-3}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cat >"$tmp/t.c" <<'C'
extern void reach_error(void);
int main(void) { int x = 1; x = x + 2; if (x != 3) reach_error(); return 0; }
C
now() { date +%s.%N; }
loop=() harness=()
for r in $(seq 1 "$rounds"); do
  t0=$(now)
  for _ in $(seq 1 "$n"); do "$craig" verify --timeout 60 --stats "$tmp/t.c" >/dev/null 2>&1; done
  t1=$(now)
  "$craig" bench run "$tmp/t.c" --repeat "$n" --jobs 1 --timeout 60 --out "$tmp/b$r" >/dev/null 2>&1
  t2=$(now)
  loop+=("$(echo "$t1 - $t0" | bc)") harness+=("$(echo "$t2 - $t1" | bc)")
  echo "round $r: bare loop ${loop[-1]} s, craig bench run ${harness[-1]} s for $n runs"
done
med() { printf '%s\n' "$@" | sort -g | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
l=$(med "${loop[@]}") h=$(med "${harness[@]}")
echo "median: bare loop $l s, craig bench run $h s; per run: bare $(echo "scale=2; 1000 * $l / $n" | bc) ms," \
  "harness $(echo "scale=2; 1000 * $h / $n" | bc) ms, overhead $(echo "scale=2; 1000 * ($h - $l) / $n" | bc) ms"
