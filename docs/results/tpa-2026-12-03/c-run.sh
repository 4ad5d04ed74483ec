#!/bin/sh
# The C part of README.md: each program of c/ with each engine, `craig verify --engine E` under
# `ulimit -t LIMIT` (CPU seconds; --timeout 4*LIMIT only as a wall-clock guard) and nice -n 10;
# a run stopped by the limit counts as unknown. Output: "file engine verdict wall-seconds".
#   c-run.sh CRAIG LIMIT ENGINE...     ENGINE: a name, options after colons (tpa:--tpa-mode:basic)
craig=$1; limit=$2; shift 2
dir=$(dirname "$0")/c
for f in "$dir"/*.c; do
  for e in "$@"; do
    t0=$(date +%s.%N)
    engine=${e%%:*}
    opts=$(echo "${e#"$engine"}" | tr ':' ' ')
    # shellcheck disable=SC2086  # the options are words
    v=$( (ulimit -t "$limit"; nice -n 10 "$craig" verify --engine "$engine" $opts --timeout $((limit * 4)) "$f" 2>/dev/null | head -1) )
    v=$(echo "$v" | sed -e 's/^Verification result: //' -e 's/ .*//')
    echo "$(basename "$f") $e ${v:-unknown} $(echo "$(date +%s.%N) - $t0" | bc)"
  done
done
