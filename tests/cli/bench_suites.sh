#!/usr/bin/env bash
# bench_suites.sh CRAIG TASKS — named suites of `craig bench` (issue 55 item 5): `suite:NAME` as a
# SET runs NAME.set of the suites folder (--suites DIR; default bench/suites of the source tree)
# exactly as the .set file itself would; `craig bench suites` lists them with tool, task count and
# description; an unknown suite is refused (exit 2) with the names there; --resume of a suite run.
# The repository's own suites are listed (their counts are checked when the dev data is there).
# Exit 77 (skipped) without the task folder.
set -u
craig=$1
tasks=$(cd "$2" 2>/dev/null && pwd || echo "$2")
if [ ! -d "$tasks/tasks" ]; then
  echo "skipped: no task folder $tasks"
  exit 77
fi
. "$(dirname "$0")/lib.sh"
bench() { timeout 120 "$craig" bench "$@" >"$tmp/out" 2>"$tmp/err" </dev/null; rc=$?; }

mkdir -p "$tmp/suites"
{ echo "# Two tiny tasks of the test folder"; echo "$tasks/tasks/counter_true.yml"; echo "$tasks/tasks/overflow_*.yml"; } >"$tmp/suites/tiny.set"
{ echo "# A suite whose data is missing"; echo "$tmp/nowhere/a.yml"; } >"$tmp/suites/gone.set"

bench suites --suites "$tmp/suites"
if [ "$rc" -eq 0 ] && grep -q "^tiny  verify  2 tasks  Two tiny tasks of the test folder$" "$tmp/out" &&
   grep -q "^gone  -  its files are missing" "$tmp/out"; then
  ok list
else
  fail list "exit $rc: $(cat "$tmp/out")"
fi

bench run suite:tiny --suites "$tmp/suites" --out "$tmp/a" --timeout 5
rc_a=$rc
bench run "$tmp/suites/tiny.set" --out "$tmp/b" --timeout 5
if [ "$rc_a" -eq 0 ] && [ "$rc" -eq 0 ] && [ "$(grep -c '<run ' "$tmp/a/results.default.xml")" -eq 2 ]; then
  bench compare "$tmp/a" "$tmp/b"
  if grep -q "^0 of 2 tasks differ in status$" "$tmp/out"; then ok same_as_set_file; else fail same_as_set_file "$(cat "$tmp/out")"; fi
else
  fail same_as_set_file "exit $rc_a / $rc"
fi

bench run suite:nothing --suites "$tmp/suites" --out "$tmp/c" --timeout 5
if [ "$rc" -eq 2 ] && grep -q "no suite 'nothing'.*(suites: gone, tiny)" "$tmp/err" && [ ! -e "$tmp/c" ]; then
  ok unknown_suite
else
  fail unknown_suite "exit $rc: $(cat "$tmp/err")"
fi

run_dir=$(dirname "$(find "$tmp/a/runs" -path '*counter_true.yml/1/result.txt')")
rm -f "$run_dir/result.txt"
bench run --resume "$tmp/a" --suites "$tmp/suites"
if [ "$rc" -eq 0 ] && grep -q "1 runs to make, 1 finished before" "$tmp/err" "$tmp/out" && [ -f "$run_dir/result.txt" ]; then
  ok resume
else
  fail resume "exit $rc"
fi

# The repository's suites: every one is listed; with the dev data beside the repository the
# SV-COMP dev suite has its 425 unreach-call tasks and the CHC one its 218 files.
bench suites
if [ "$rc" -eq 0 ] && grep -q "^svcomp-dev  " "$tmp/out" && grep -q "^chc-dev  " "$tmp/out" && grep -q "^smt-qf-lra  " "$tmp/out"; then
  ok repository_suites
else
  fail repository_suites "exit $rc: $(cat "$tmp/out")"
fi
if grep -q "^svcomp-dev  verify  " "$tmp/out"; then
  if grep -q "^svcomp-dev  verify  425 tasks" "$tmp/out" && grep -q "^chc-dev  chc  218 tasks" "$tmp/out"; then
    ok dev_counts
  else
    fail dev_counts "$(cat "$tmp/out")"
  fi
fi
finish
