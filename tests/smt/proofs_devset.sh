#!/usr/bin/env bash
# proofs_devset.sh CRAIG TIMEOUT BUDGET [MAXBYTES]
#
# Proof checking on the dev set: runs `CRAIG solve --check-proofs --timeout TIMEOUT` on the
# files of BENCH/{QF_UF,QF_LRA,QF_UFLRA}/INDEX.tsv whose expected answers include unsat and
# whose size is at most MAXBYTES (default 200000), smallest first, until BUDGET seconds have
# passed. BENCH is $CRAIG_BENCH, else <repository>/../shared/bench/smt; when it is absent the
# test is skipped ("skipped: ...", exit 77: ctest's SKIP_RETURN_CODE). With OVERHEAD=1 every
# file whose proofs checked is run again without --check-proofs and the median time ratio is
# printed.
#
# A file fails when craig exits with 10 (a proof that does not check, or a lemma kind without
# a checker) or 1 (internal error); timeouts and unknowns are counted, not failures, but more of
# them than the share $PROOFS_MAX_UNDECIDED (0 to 1, default 0.1; measured: 5 of 223) of
# the files run fails the run (a floor: a craig that never answers unsat must not pass).
# Last line: `N checked, M failed, T timeouts/unknown`; exit status 1 if anything failed.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
craig=$1 timeout=$2 budget=$3 maxbytes=${4:-200000}
bench=${CRAIG_BENCH:-$here/../../../shared/bench/smt}
if [ ! -d "$bench/QF_UF" ]; then
  echo "skipped: no dev set at $bench"
  exit 77
fi
list=$(for logic in QF_UF QF_LRA QF_UFLRA; do
  [ -f "$bench/$logic/INDEX.tsv" ] || continue
  awk -F'\t' -v d="$bench/$logic" -v m="$maxbytes" \
    'NR > 1 && $2 ~ /unsat/ && $9 + 0 <= m { print $9 "\t" d "/" $1 }' "$bench/$logic/INDEX.tsv"
done | sort -n | cut -f2)
start=$(date +%s)
checked=0 failed=0 other=0 ratios=()
now() { date +%s.%N; }
while IFS= read -r f; do
  [ -n "$f" ] || continue
  [ $(($(date +%s) - start)) -lt "$budget" ] || break
  err=$(mktemp)
  t0=$(now)
  out=$(timeout -k 5 "$((timeout + 10))" "$craig" solve --check-proofs --timeout "$timeout" "$f" 2>"$err")
  rc=$?
  t1=$(now)
  if [ $rc -eq 10 ] || [ $rc -eq 1 ] || [ $rc -ge 128 ]; then
    failed=$((failed + 1))
    echo "FAIL rc=$rc $f: $(head -c 300 "$err")"
  elif grep -qx unsat <<<"$out"; then
    checked=$((checked + 1))
    if [ "${OVERHEAD:-0}" = 1 ]; then
      t2=$(now)
      timeout -k 5 "$((timeout + 10))" "$craig" solve --timeout "$timeout" "$f" >/dev/null 2>&1
      t3=$(now)
      r=$(awk -v a="$t0" -v b="$t1" -v c="$t2" -v d="$t3" 'BEGIN { printf "%.3f", (b - a) / ((d - c) > 0.001 ? (d - c) : 0.001) }')
      ratios+=("$r")
      echo "ok $f proof-run $(awk -v a="$t0" -v b="$t1" 'BEGIN{printf "%.2f", b-a}')s plain $(awk -v a="$t2" -v b="$t3" 'BEGIN{printf "%.2f", b-a}')s ratio $r"
    fi
  else
    other=$((other + 1))
  fi
  rm -f "$err"
done <<<"$list"
if [ ${#ratios[@]} -gt 0 ]; then
  echo "median time ratio (check-proofs / plain): $(printf '%s\n' "${ratios[@]}" | sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }')"
fi
max_undecided=${PROOFS_MAX_UNDECIDED:-0.1}
if awk -v c="$other" -v t="$((checked + failed + other))" -v m="$max_undecided" 'BEGIN { exit !(c > m * t || t == 0) }'; then
  echo "FAIL floor: $other of $((checked + failed + other)) files timed out or unknown (more than the share $max_undecided allowed; PROOFS_MAX_UNDECIDED)"
  failed=$((failed + 1))
fi
echo "$checked checked, $failed failed, $other timeouts/unknown"
[ $failed -eq 0 ]
