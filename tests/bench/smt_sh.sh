#!/usr/bin/env bash
# Test of bench/smt.sh (a thin use of craig bench run; z3 and cvc5 exec: configurations): two
# craig configurations (--config NAME=ARGS) on three small files, one of them reached through a
# symbolic link (as bench/qf_lia_set.sh makes them), give one row each with every file solved and
# no wrong answer, and so do z3 and cvc5; a configuration whose arguments craig refuses has only
# errors; the results folder of craig bench holds every run and the report; a craig that answers
# unsat everywhere (tests/chc/fake_craig.sh) disagrees with z3 and the run exits 1; a malformed
# --config is a usage error (exit 2).
# Usage: smt_sh.sh REPOSITORY CRAIG. Exit 77 (skipped) without the inputs.
set -uo pipefail
root=$1 craig=$2
[ -x "$craig" ] || { echo "skipped: no craig binary $craig"; exit 77; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/smt-sh-test.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/set" "$tmp/other"
cat >"$tmp/set/a_sat.smt2" <<'SMT'
(set-logic QF_LRA)
(set-info :status sat)
(declare-fun x () Real)
(assert (and (< 0 x) (< x 1)))
(check-sat)
SMT
cat >"$tmp/set/b_unsat.smt2" <<'SMT'
(set-logic QF_LIA)
(set-info :status unsat)
(declare-fun x () Int)
(declare-fun y () Int)
(assert (and (<= (+ x y) 3) (>= x 2) (>= y 2)))
(check-sat)
SMT
cat >"$tmp/other/c_unsat.smt2" <<'SMT'
(set-logic QF_UF)
(declare-sort U 0)
(declare-fun a () U)
(declare-fun b () U)
(declare-fun f (U) U)
(assert (and (= a b) (not (= (f a) (f b)))))
(check-sat)
SMT
echo unsat >"$tmp/other/c_unsat.smt2.expected.out"
ln -s "$tmp/other/c_unsat.smt2" "$tmp/set/c_unsat.smt2"
ln -s "$tmp/other/c_unsat.smt2.expected.out" "$tmp/set/c_unsat.smt2.expected.out"
fail=0
runs=9  # three files, three craig configurations, and z3 and cvc5 when installed
for s in z3 cvc5; do command -v $s >/dev/null 2>&1 && runs=$((runs + 3)); done
out=$(SMT_OUT=$tmp/r1 CRAIG=$craig bash "$root/bench/smt.sh" --config off='--sat-integration offline' \
  --config on='--sat-integration online' --config bad='--sat-integration sometimes' "$tmp/set" 5 2 2>&1)
dir=$(echo "$out" | sed -n 's|.*wrote \(.*\)/{results.csv.*|\1|p')
if [ -n "$dir" ] && grep -q '^| craig-off | 3/3 | 1 | 2 | 0 | 0 | 0 |' "$dir/summary.md" &&
  grep -q '^| craig-on | 3/3 | 1 | 2 | 0 | 0 | 0 |' "$dir/summary.md" &&
  grep -q '^| craig-bad | 0/3 | 0 | 0 | 0 | 3 | 0 |' "$dir/summary.md" &&
  grep -q '^craig-on PAR-2 ratio' "$dir/summary.md" && [ "$dir" = "$tmp/r1" ] &&
  [ "$(grep -c ',solve,' "$dir/bench/results.csv")" = "$runs" ] && [ -f "$dir/report/index.html" ] &&
  grep -q '^## Disagreements' "$dir/summary.md" && ! sed -n '/^## Disagreements/,/^## Not solved/p' "$dir/summary.md" | grep -q '^- '; then
  echo "ok: one row per configuration, the linked file counted, refused arguments as errors"
else
  echo "FAIL: configurations"; echo "$out" | tail -12; [ -n "$dir" ] && cat "$dir/summary.md" | head -20; fail=1
fi
for s in z3 cvc5; do
  if ! command -v $s >/dev/null 2>&1; then echo "skip: $s not installed"
  elif grep -q "^| $s | 3/3 | 1 | 2 | 0 | 0 | 0 |" "$dir/summary.md" 2>/dev/null &&
    grep -q "^config.$s: exec:$s" "$dir/bench/manifest.txt"; then
    echo "ok: $s solves the three files"
  else
    echo "FAIL: $s row"; grep "^| $s" "$dir/summary.md" 2>/dev/null; fail=1
  fi
done
if command -v z3 >/dev/null 2>&1; then
  CVC5=0 SMT_OUT=$tmp/fake CRAIG=$root/tests/chc/fake_craig.sh CRAIG_HARNESS=$craig bash "$root/bench/smt.sh" "$tmp/set" 5 \
    >"$tmp/fake.log" 2>&1
  if [ $? -eq 1 ] && grep -q '^- `a_sat.smt2`: sat by z3, unsat by craig' "$tmp/fake/summary.md" &&
    grep -q '^| craig | 2/3 | 0 | 2 | 0 | 0 | 1 |' "$tmp/fake/summary.md"; then
    echo "ok: a wrong craig disagrees with z3, exit status 1"
  else
    echo "FAIL: a wrong craig"; tail -5 "$tmp/fake.log"; sed -n '/^| solver/,$p' "$tmp/fake/summary.md" 2>/dev/null | head -20; fail=1
  fi
fi
# Several check-sats: every answer is checked, not only the first. A craig that answers the first
# one rightly and the second one wrongly has a wrong answer.
mkdir -p "$tmp/multi"
cat >"$tmp/multi/d_two.smt2" <<'SMT'
(set-logic QF_LIA)
(declare-fun x () Int)
(assert (> x 0))
(check-sat)
(assert (< x 0))
(check-sat)
SMT
printf 'sat\nunsat\n' >"$tmp/multi/d_two.smt2.expected.out"
printf '#!/usr/bin/env bash\n[ "${1:-}" = --version ] && { echo "craig 0.0 (commit fake)"; exit 0; }\necho sat; echo sat\n' >"$tmp/second_wrong.sh"
chmod +x "$tmp/second_wrong.sh"
CVC5=0 Z3=0 SMT_OUT=$tmp/multi-r CRAIG=$tmp/second_wrong.sh CRAIG_HARNESS=$craig bash "$root/bench/smt.sh" "$tmp/multi" 5 \
  >"$tmp/multi.log" 2>&1
if grep -q 'd_two.smt2`: craig answered' "$tmp/multi-r/summary.md" 2>/dev/null; then
  echo "ok: a wrong answer to the second check-sat is a wrong answer"
else
  echo "FAIL: second check-sat not checked"; tail -5 "$tmp/multi.log"; sed -n '/^| solver/,$p' "$tmp/multi-r/summary.md" 2>/dev/null | head -20; fail=1
fi
SMT_OUT=$tmp/usage CRAIG=$craig bash "$root/bench/smt.sh" --config 'no-name' "$tmp/set" 5 >"$tmp/usage.log" 2>&1
if [ $? -eq 2 ] && grep -q 'NAME=ARGS' "$tmp/usage.log"; then
  echo "ok: a malformed --config is a usage error"
else
  echo "FAIL: malformed --config"; cat "$tmp/usage.log"; fail=1
fi
exit $fail
