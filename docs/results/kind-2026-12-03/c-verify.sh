#!/bin/sh
# c-verify.sh CRAIG LIMIT DIR... : craig verify --engine kind on each task .yml (unreach-call),
# ulimit -t LIMIT (after docs/results/pdr-2026-12-03/c-verify.sh); ARGS: more options.
craig=$1; limit=$2; shift 2
for d in "$@"; do
  for y in "$d"/*.yml; do
    exp=$(grep -A1 "unreach-call" "$y" | sed -n 's/.*expected_verdict: *//p' | head -1)
    [ -n "$exp" ] || continue
    out=$( (ulimit -t "$limit"; nice -n 10 "$craig" verify --engine kind ${ARGS:-} "$y" 2>&1 | grep -m1 -E "Verification result|craig:") 2>/dev/null )
    echo "$(basename "$d")/$(basename "$y") expected=$exp :: $out"
  done
done
