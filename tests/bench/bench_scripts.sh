#!/usr/bin/env bash
# The benchmark scripts that run their tasks as craig bench runs, on inputs of a few seconds:
# bench/precision_heuristics.sh (three bit-vector programs, two configurations in one run),
# bench/summaries_reuse.sh (k = 2, m = 2, with bmc and no mode option: the script's plumbing, not
# the summaries engine), bench/smt_proofs.sh (two unsat files of a made-up set with INDEX.tsv)
# and bench/emit_chc.sh (generated loops; needs z3). Each must exit 0, write one row per run with
# craig bench's CPU time and the right verdicts, and keep craig bench's results folder.
# Usage: bench_scripts.sh REPOSITORY CRAIG.
set -uo pipefail
root=$1 craig=$2
tmp=$(mktemp -d "${TMPDIR:-/tmp}/bench-scripts-test.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
fail=0
check() {  # check NAME CONDITION-EXIT-STATUS MESSAGE
  if [ "$2" -ne 0 ]; then echo "FAIL $1: $3"; fail=1; else echo "ok $1"; fi
}

# precision_heuristics.sh
mkdir -p "$tmp/bv"
cp "$root/tests/c/verify/bv_divmod_true.c" "$root/tests/c/verify/bv_default_clear_lowest_true.c" "$tmp/bv/"
printf 'int main(void) { unsigned x = 1; x <<= 31; if (x != 0x80000000u) reach_error(); return 0; }\n// expected: TRUE\n' \
  >"$tmp/bv/shift.c"
sed -i '1i void reach_error(void);' "$tmp/bv/shift.c"
CRAIG=$craig CRAIG_BENCH_RESULTS=$tmp/p PRECISION_CONFIGS="bv h0" bash "$root/bench/precision_heuristics.sh" "$tmp/bv" 10 \
  >"$tmp/p.log" 2>&1
check precision.exit $? "exit $? ($(tail -2 "$tmp/p.log"))"
csv=$(ls "$tmp"/p/precision-*/runs.csv 2>/dev/null)
rows=$(tail -n +2 "$csv" 2>/dev/null | wc -l)
check precision.rows $([ "$rows" = 6 ]; echo $?) "$rows rows, want 3 programs x 2 configurations"
bad=$(awk -F, 'NR > 1 && $4 != $3' "$csv" 2>/dev/null | wc -l)
check precision.verdicts $([ "$bad" = 0 ]; echo $?) "$bad rows whose verdict is not the expected one: $(awk -F, 'NR > 1 && $4 != $3' "$csv")"
check precision.bench_folder $([ -f "$(dirname "$csv")/bench/results.csv" ]; echo $?) "no craig bench results.csv"

# summaries_reuse.sh (plumbing: bmc, one mode without an option)
CRAIG=$craig CRAIG_BENCH_RESULTS=$tmp/s SUMMARIES_ENGINE=bmc SUMMARIES_MODES= \
  bash "$root/bench/summaries_reuse.sh" 2 2 10 >"$tmp/s.log" 2>&1
check summaries_reuse.exit $? "exit ($(tail -2 "$tmp/s.log"))"
csv=$(ls "$tmp"/s/summaries-reuse-*/results.csv 2>/dev/null)
check summaries_reuse.row $(grep -q '^2,2,none,TRUE,true,[0-9.]*,[0-9.]*$' "$csv" 2>/dev/null; echo $?) "$(cat "$csv" 2>/dev/null)"

# smt_proofs.sh on a made-up set: two unsat files, one sat file (left out)
mkdir -p "$tmp/smt/QF_UF"
printf '(set-logic QF_UF)\n(declare-const p Bool)\n(assert p)\n(assert (not p))\n(check-sat)\n' >"$tmp/smt/QF_UF/a.smt2"
printf '(set-logic QF_UF)\n(declare-sort U 0)\n(declare-fun f (U) U)\n(declare-const x U)\n(assert (not (= (f x) (f x))))\n(check-sat)\n' \
  >"$tmp/smt/QF_UF/b.smt2"
printf '(set-logic QF_UF)\n(declare-const p Bool)\n(assert p)\n(check-sat)\n' >"$tmp/smt/QF_UF/c.smt2"
printf 'file\texpected\na.smt2\tunsat\nb.smt2\tunsat\nc.smt2\tsat\n' >"$tmp/smt/QF_UF/INDEX.tsv"
CRAIG=$craig CRAIG_BENCH=$tmp/smt CRAIG_BENCH_RESULTS=$tmp/q bash "$root/bench/smt_proofs.sh" 10 QF_UF >"$tmp/q.log" 2>&1
check smt_proofs.exit $? "exit ($(tail -2 "$tmp/q.log"))"
csv=$(ls "$tmp"/q/smt-proofs-*/results.csv 2>/dev/null)
rows=$(grep -c -E '^(QF_UF/)?[ab].smt2,' "$csv" 2>/dev/null)
check smt_proofs.rows $([ "$rows" = 2 ]; echo $?) "$rows rows for a.smt2 and b.smt2: $(cat "$csv" 2>/dev/null)"
check smt_proofs.proofs $(awk -F, 'NR > 1 && $9 < 1 { bad = 1 } END { exit bad }' "$csv"; echo $?) "a row without a proof line"
# emit_chc.sh on the generated loops of size 16 (12 tasks): every task's clauses written and
# answered alike by craig verify, craig chc and z3 (z3 is a test oracle; without it this part is
# left out).
if command -v z3 >/dev/null 2>&1; then
  python3 "$root/bench/gen_accel.py" "$tmp/acc" --sizes 16 >/dev/null
  CRAIG=$craig CRAIG_BENCH_RESULTS=$tmp/e JOBS=2 bash "$root/bench/emit_chc.sh" "$tmp/acc" 10 >"$tmp/e.log" 2>&1
  check emit_chc.exit $? "exit ($(tail -3 "$tmp/e.log"))"
  csv=$(ls "$tmp"/e/emit-chc-*/results.csv 2>/dev/null)
  rows=$(tail -n +2 "$csv" 2>/dev/null | wc -l)
  agreed=$(grep -c ',yes$' "$csv" 2>/dev/null)
  check emit_chc.rows $([ "$rows" = 12 ] && [ "$agreed" = 12 ]; echo $?) "$rows rows, $agreed agreeing (want 12, 12): $(cat "$csv" 2>/dev/null)"
else
  echo "skip emit_chc: no z3"
fi
exit $fail
