#!/bin/sh
# summarize.sh RESULTS... — counts of run.sh lines per tool (sat, unsat, unknown, solved) and every
# disagreement between two tools that both answered sat/unsat (any is a bug).
cat "$@" | awk '
  NF >= 4 { a[$1, $2] = $3; tools[$2] = 1; files[$1] = 1; n[$2, $3]++ }
  END {
    printf "%-10s %5s %5s %8s %7s\n", "tool", "sat", "unsat", "unknown", "solved"
    for (t in tools) printf "%-10s %5d %5d %8d %7d\n", t, n[t, "sat"], n[t, "unsat"], n[t, "unknown"], n[t, "sat"] + n[t, "unsat"]
    d = 0
    for (f in files) for (t in tools) for (u in tools)
      if (t < u && (a[f, t] == "sat" || a[f, t] == "unsat") && (a[f, u] == "sat" || a[f, u] == "unsat") && a[f, t] != a[f, u]) {
        print "DISAGREEMENT", f, t, a[f, t], u, a[f, u]; d++
      }
    print "disagreements:", d
  }'
