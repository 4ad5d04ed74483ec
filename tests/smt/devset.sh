#!/usr/bin/env bash
# devset.sh CRAIG LOGIC TIMEOUT
#
# Dev-set agreement: runs `CRAIG solve --timeout TIMEOUT` on every file listed in
# BENCH/LOGIC/INDEX.tsv and compares each check-sat answer with the expected one (column
# `expected`: sat/unsat/unknown, comma-separated when the file has several check-sats).
# BENCH is $CRAIG_BENCH, else <repository>/../shared/bench/smt; when it is absent the test is
# skipped ("skipped: ...", exit 77: ctest's SKIP_RETURN_CODE, so it is not counted as passed).
#
# A file fails when craig answers sat where unsat is expected or the other way round, or when
# craig crashes (exit 1 = internal error, 10 = self-check failure, or a signal). Expected
# `unknown`s are not compared; craig's `unknown` answers, timeouts (exit 5), answers missing
# after an early stop, and input errors / unsupported input (exit 3, 4) are counted and listed
# but do not fail one by one; more of them than the share $DEVSET_MAX_UNDECIDED (0 to 1) of
# the files with an expected sat/unsat fails the run (a floor: a craig that answered `unknown`
# everywhere must not pass; the defaults per LOGIC below are measured with a margin).
# Runs $DEVSET_JOBS files at a time (default: the number of processors).
# Last line: `N passed, M failed`; exit status 1 if anything failed.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)

# Worker mode: one file; prints "STATUS<TAB>FILE<TAB>DETAIL".
if [ "${1:-}" = "--one" ]; then
  craig=$2 timeout=$3 file=$4 expected=$5
  out=$(mktemp "${TMPDIR:-/tmp}/craig-devset.XXXXXX")
  start=$(date +%s.%N)
  timeout -k 5 "$((${timeout%.*} + 15))" "$craig" solve --timeout "$timeout" "$file" >"$out" 2>/dev/null
  rc=$?
  secs=$(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { printf "%.2f", b - a }')
  mapfile -t got < <(grep -E '^(sat|unsat|unknown)$' "$out")
  rm -f "$out"
  IFS=, read -r -a want <<<"$expected"
  status=ok detail=""
  unknown=0 mismatch=""
  for ((i = 0; i < ${#want[@]}; i++)); do
    w=${want[$i]} g=${got[$i]:-}
    [ "$w" = sat ] || [ "$w" = unsat ] || continue
    if [ -z "$g" ] || [ "$g" = unknown ]; then
      unknown=1
    elif [ "$g" != "$w" ]; then
      mismatch+="${mismatch:+; }check-sat #$((i + 1)): craig $g, expected $w"
    fi
  done
  if [ -n "$mismatch" ]; then
    status=WRONG detail=$mismatch
  elif [ "$rc" -eq 1 ] || [ "$rc" -eq 10 ] || [ "$rc" -gt 128 ] || [ "$rc" -eq 124 ]; then
    case $rc in
      1) detail="internal error (exit 1)" ;;
      10) detail="self-check failure (exit 10)" ;;
      124) detail="hung past the time limit (killed)" ;;
      *) detail="killed by signal $((rc - 128))" ;;
    esac
    status=CRASH
  elif [ "$rc" -eq 5 ]; then
    status=timeout
  elif [ "$rc" -eq 3 ] || [ "$rc" -eq 4 ] || [ "$rc" -eq 6 ]; then
    status=error detail="exit $rc"
  elif [ "$rc" -ne 0 ]; then
    status=CRASH detail="unexpected exit code $rc"
  elif [ "$unknown" -eq 1 ]; then
    status=unknown
  elif ! [[ "$expected" =~ (^|,)(sat|unsat)(,|$) ]]; then
    status=noexp
  fi
  printf '%s\t%s\t%s\t%.2f\n' "$status" "$file" "$detail" "$secs"
  exit 0
fi

if [ $# -ne 3 ]; then
  echo "usage: devset.sh CRAIG LOGIC TIMEOUT" >&2
  exit 2
fi
craig=$1 logic=$2 timeout=$3
if [ -n "${CRAIG_BENCH:-}" ]; then
  bench=$CRAIG_BENCH
else
  top=$(git -C "$here" rev-parse --show-toplevel 2>/dev/null || (cd "$here/../.." && pwd))
  bench=$top/../shared/bench/smt
fi
if [ ! -f "$bench/$logic/INDEX.tsv" ]; then
  echo "skipped: no dev set at $bench/$logic (set CRAIG_BENCH)"
  exit 77
fi
if [ ! -x "$craig" ]; then
  echo "devset.sh: $craig is not an executable" >&2
  exit 2
fi
craig=$(cd "$(dirname "$craig")" && pwd)/$(basename "$craig")
jobs=${DEVSET_JOBS:-$(nproc 2>/dev/null || echo 2)}

results=$(mktemp "${TMPDIR:-/tmp}/craig-devset-results.XXXXXX")
trap 'rm -f "$results"' EXIT
cd "$bench/$logic" || exit 2
# file <TAB> expected, for the files that exist
awk -F'\t' 'NR > 1 && $1 != "" { printf "%s\t%s\n", $1, $2 }' INDEX.tsv |
  while IFS=$'\t' read -r f e; do
    if [ -f "$f" ]; then printf '%s\0%s\0' "$f" "$e"; else echo "missing: $f" >&2; fi
  done |
  xargs -0 -n 2 -P "$jobs" bash "$here/devset.sh" --one "$craig" "$timeout" >"$results"

count() { awk -F'\t' -v s="$1" '$1 == s' "$results" | wc -l; }
total=$(wc -l <"$results")
ok=$(count ok) wrong=$(count WRONG) crash=$(count CRASH) unk=$(count unknown)
to=$(count timeout) err=$(count error) noexp=$(count noexp)
awk -F'\t' '$1 == "WRONG" || $1 == "CRASH" { printf "FAIL %-5s %s: %s\n", $1, $2, $3 }' "$results" | sort
awk -F'\t' '$1 == "timeout" || $1 == "unknown" || $1 == "error" { printf "note %-7s %s %s (%ss)\n", $1, $2, $3, $4 }' "$results" | sort
secs=$(awk -F'\t' '{ s += $4 } END { printf "%.1f", s }' "$results")
echo "$logic: $total files, $ok agree, $wrong wrong, $crash crashed, $unk unknown, $to timeouts," \
  "$err input errors/unsupported, $noexp without expectation; craig time ${secs}s"
failed=$((wrong + crash))
# The floor: files with an expected sat/unsat answer that craig left undecided (unknown,
# timeout, input error or unsupported). Measured at 20 s per file on 2 busy cores: QF_UF 7 of
# 125 (4 timeouts, 3 unsupported), QF_LRA 1 of 298 (a timeout), QF_UFLRA 0 of 35.
case $logic in
  QF_UF) max_undecided=0.15 ;;
  QF_LRA) max_undecided=0.05 ;;
  *) max_undecided=0.1 ;;
esac
max_undecided=${DEVSET_MAX_UNDECIDED:-$max_undecided}
undecided=$((unk + to + err))
decidable=$((total - noexp))
if awk -v c="$undecided" -v t="$decidable" -v m="$max_undecided" 'BEGIN { exit !(c > m * t) }'; then
  echo "FAIL floor: $undecided of $decidable files with an expected answer undecided" \
    "(more than the share $max_undecided allowed; DEVSET_MAX_UNDECIDED)"
  failed=$((failed + 1))
else
  echo "floor: $undecided of $decidable files with an expected answer undecided (at most the share $max_undecided allowed)"
fi
echo "$((total - failed)) passed, $failed failed"
[ "$failed" -eq 0 ]
