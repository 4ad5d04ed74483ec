#!/usr/bin/env bash
# bench_report_plots.sh CRAIG TASKS — the plots of `craig bench report` count the answers to tasks
# that state no expected answer (CHC-COMP files without :status): the two CHC files of
# tests/bench/craig_bench (TASKS) with their status lines removed are answered, so the cactus
# plot's legend says "default (2)"; with the status lines it counts the correct answers (2 too),
# and a wrong expected status is not plotted. Exit 77 (skipped) without the task folder.
set -u
craig=$1
tasks=$(cd "$2" 2>/dev/null && pwd || echo "$2")
if [ ! -d "$tasks/chc" ]; then
  echo "skipped: no task folder $tasks"
  exit 77
fi
. "$(dirname "$0")/lib.sh"
bench() { timeout 120 "$craig" bench "$@" >"$tmp/out" 2>"$tmp/err" </dev/null; rc=$?; }
legend() { grep -o ">default ([0-9]*)<" "$1/index.html" | head -1; }

mkdir -p "$tmp/none" "$tmp/wrong"
for f in "$tasks"/chc/*.smt2; do grep -v ':status' "$f" >"$tmp/none/$(basename "$f")"; done
sed 's/:status sat/:status unsat/' "$tasks/chc/counter_safe.smt2" >"$tmp/wrong/counter_safe.smt2"
for set in none wrong; do
  bench run "$tmp/$set" --out "$tmp/r-$set" --timeout 10
  [ "$rc" -eq 0 ] || fail "run_$set" "exit $rc"
  bench report "$tmp/r-$set" --out "$tmp/p-$set"
  [ "$rc" -eq 0 ] || fail "report_$set" "exit $rc"
done
bench run "$tasks/chc" --out "$tmp/r-status" --timeout 10 && bench report "$tmp/r-status" --out "$tmp/p-status"
if [ "$(legend "$tmp/p-none")" = ">default (2)<" ]; then ok answers_without_status; else fail answers_without_status "$(legend "$tmp/p-none")"; fi
if [ "$(legend "$tmp/p-status")" = ">default (2)<" ]; then ok correct_answers; else fail correct_answers "$(legend "$tmp/p-status")"; fi
if [ "$(legend "$tmp/p-wrong")" = ">default (0)<" ]; then ok wrong_not_plotted; else fail wrong_not_plotted "$(legend "$tmp/p-wrong")"; fi
finish
