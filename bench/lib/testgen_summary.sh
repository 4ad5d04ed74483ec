#!/usr/bin/env bash
# bench/lib/testgen_summary.sh OUTDIR COVER TIMEOUT — summary.md of a bench/testgen.sh run from its
# results.csv (can be run again on a finished or interrupted run's folder).
set -uo pipefail
export LC_ALL=C
out=$1 cover=$2 limit=$3
csv=$out/results.csv
awk -F, -v cover="$cover" -v limit="$limit" '
  NR == 1 { next }
  { m = $2; n[m]++; g[m] += $4; c[m] += $5; u[m] += $6; d[m] += $7; t[m] += $8; b[m] += $9
    if ($12 != "") { lp[m] += $12; bp[m] += $14; k[m]++ }
    if ($16 == "missed") miss[m]++
    if ($7 == "0" && $4 != "") { done_[$1, m] = $9 } }
  END {
    printf "# Test generation, cover %s, %s s per run\n\n", cover, limit
    print "| mode | tasks | goals | covered | unreachable | undecided | tests | backtracks | mean lines % | mean branches % | goal misses |"
    print "|---|---|---|---|---|---|---|---|---|---|---|"
    for (m in n) printf "| %s | %d | %d | %d | %d | %d | %d | %d | %.1f | %.1f | %d |\n", m, n[m], g[m], c[m], u[m], d[m], t[m], b[m], k[m] ? lp[m] / k[m] : 0, k[m] ? bp[m] / k[m] : 0, miss[m] + 0
    print "\n## Tasks both modes decided completely (backtracks to saturation)\n"
    print "| task | learning | no-learning |"
    print "|---|---|---|"
    for (key in done_) { split(key, p, SUBSEP); if (p[2] == "learning" && ((p[1], "no-learning") in done_)) printf "| %s | %s | %s |\n", p[1], done_[key], done_[p[1], "no-learning"] }
  }' "$csv" >"$out/summary.md"
