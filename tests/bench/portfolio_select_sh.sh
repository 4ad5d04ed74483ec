#!/usr/bin/env bash
# Test of bench/portfolio_select.py on three made-up runs: the model's shares (budget/m per
# member), the ranking, --base, and the error for a malformed argument. Usage: portfolio_select_sh.sh [REPOSITORY]
set -uo pipefail
root=${1:-$(cd "$(dirname "$0")/../.." && pwd)}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/portfolio-select-test.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
fail=0
check() {  # check DESCRIPTION COMMAND...
  local what=$1; shift
  if "$@"; then echo "ok: $what"; else echo "FAIL: $what"; fail=1; fi
}
head='task,expected,result,reason,cpu,wall,exit,class,witness'
# a solves t1 fast and t2 in 50 s; b solves t3 in 25 s and t4 in 40 s; c solves t1 and one wrong.
printf '%s\nt1,true,TRUE,,1,1,0,correct-true,yes\nt2,true,TRUE,,50,50,0,correct-true,yes\nt3,true,-,,60,60,0,timeout,no\n' "$head" >"$tmp/a.csv"
printf '%s\nt3,false,FALSE,,25,25,0,correct-false,yes\nt4,true,TRUE,,40,40,0,correct-true,yes\n' "$head" >"$tmp/b.csv"
printf '%s\nt1,true,TRUE,,2,2,0,correct-true,yes\nt5,false,TRUE,,1,1,0,wrong-true,no\n' "$head" >"$tmp/c.csv"
py="python3 $root/bench/portfolio_select.py"
$py --budget 60 a=$tmp/a.csv b=$tmp/b.csv c=$tmp/c.csv >"$tmp/out.md"
cat "$tmp/out.md"
# Alone: a 2 (t1, t2), b 2 (t3, t4), c 1 (t1; the wrong answer never counts).
check "a alone solves 2" grep -q '^| a | 2 |$' "$tmp/out.md"
check "c alone solves 1 (wrong answers do not count)" grep -q '^| c | 1 |$' "$tmp/out.md"
# a + b: 30 s each, so t1 (a, 1 s) and t3 (b, 25 s) only: 2 tasks in 26 s; a + b + c: 20 s each,
# t1 only.
check "a + b gets 30 s each: 2 tasks" grep -q '^| a + b | 2 | 26.0 |$' "$tmp/out.md"
check "a + b + c gets 20 s each: t1 only" grep -q '^| a + b + c | 1 | 1.0 |$' "$tmp/out.md"
$py --budget 120 --base b a=$tmp/a.csv b=$tmp/b.csv >"$tmp/base.md"
check "--base keeps only sets with b; a + b at 60 s each solves 4" grep -q '^| a + b | 4 | 116.0 |$' "$tmp/base.md"
check "--base: no set without b is ranked" bash -c "! sed -n '/^| members/,/^$/p' '$tmp/base.md' | grep -q '^| a | '"
if $py a.csv >/dev/null 2>"$tmp/err"; then fail=1; echo "FAIL: a malformed run is refused"; else
  check "a malformed run is refused with a message" grep -q "LABEL=results.csv" "$tmp/err"
fi
exit $fail
