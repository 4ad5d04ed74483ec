#!/usr/bin/env bash
# bench/smt_random.sh [N=1000] [FIRST_SEED=1] [LOGICS="QF_UF QF_LRA QF_LIA QF_UFLRA QF_UFLIA"]
#
# The random differential tests of the default set (ctest smt.random_*: 200 or 150 seeds per
# logic) on N seeds per logic: tests/smt/diff_random.sh against z3 (cvc5 breaks ties), with the
# same time limits as the tests (20 s for QF_UF, 10 s for the arithmetic logics) and the same
# floors on unknown answers and timeouts. Needs build/craig; the generators are taken from
# build/tests/ (or compiled). Writes one log per logic and summary.md under
# ${CRAIG_BENCH_RESULTS:-../bench-results}/smt_random-DATE/; exits non-zero when a logic fails.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
count=${1:-1000} first=${2:-1}
logics=${3:-"QF_UF QF_LRA QF_LIA QF_UFLRA QF_UFLIA"}
craig=${CRAIG:-$root/build/craig}
out=${CRAIG_BENCH_RESULTS:-$root/../bench-results}/smt_random-$(date -u +%Y%m%d-%H%M%S)
mkdir -p "$out"
commit=$(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)
{
  echo "# Random differential run: $count seeds per logic from seed $first"
  echo
  echo "craig $commit, $(date -u +%F), $(nproc) cores; tests/smt/diff_random.sh"
  echo
  echo "| logic | seeds | result line | wall s |"
  echo "|---|---|---|---|"
} > "$out/summary.md"
status=0
for logic in $logics; do
  start=$(date +%s)
  if [ "$logic" = QF_UF ]; then
    GEN_QF_UF=${GEN_QF_UF:-$root/build/tests/gen_qf_uf} \
      bash "$root/tests/smt/diff_random.sh" "$craig" "$count" "$first" "$logic" > "$out/$logic.log" 2>&1
  else
    GEN=${GEN_ARITH:-$root/build/tests/gen_arith} DIFF_TIMEOUT=${DIFF_TIMEOUT:-10} \
      bash "$root/tests/smt/diff_random.sh" "$craig" "$count" "$first" "$logic" > "$out/$logic.log" 2>&1
  fi
  rc=$?
  [ $rc -eq 0 ] || status=1
  echo "| $logic | $count | $(tail -n 1 "$out/$logic.log") | $(( $(date +%s) - start )) |" >> "$out/summary.md"
done
cat "$out/summary.md"
exit $status
