#!/usr/bin/env bash
# bench/testgen.sh DIR [TIMEOUT=60] [COVER=branches] [MODES="learning no-learning"]
#
# Test generation on every SV-COMP task file below DIR (all tasks: a test suite does not
# depend on the property): `craig testgen TASK.yml --cover COVER --timeout TIMEOUT --stats`
# once per mode (learning: lazy annotation; no-learning: the DART baseline, --no-learning) at the
# same time budget, then bench/testcov.sh runs each suite under gcc --coverage (Test-Comp's way)
# and --check-goals checks that every test executes its goal's line.
# Output (CRAIG_BENCH_RESULTS, default ../bench-results, beside the repository, /testgen-COVER-DATE):
#   results.csv  task,mode,exit,goals,covered,unreachable,undecided,tests,backtracks,decisions,
#                time_s,lines_pct,lines_total,branches_pct,branches_total,goal_check
#   reached/TASK.MODE.txt  the goals in the order reached: "backtracks goal" (the paper's curve)
#   curves/      goals reached against backtracks for the 3 tasks with the most goals
#                (bench/lib/testgen_curves.sh; svg with gnuplot)
#   summary.md   per mode: tasks, goals covered/unreachable/undecided, tests, backtracks,
#                mean line and branch coverage, goal-check failures; the tasks where both modes
#                decided every goal with their backtracks (what learning buys)
# The TIMEOUT is craig's own --timeout (wall clock, so that the suite found so far is written;
# run on an otherwise idle machine), and a CPU limit of TIMEOUT+30 s guards each run.
# $CRAIG is the binary (default build/craig). Exit status 1 when a test misses its goal.
set -uo pipefail
export LC_ALL=C
here=$(cd "$(dirname "$0")" && pwd)
if [ $# -lt 1 ] || [ ! -d "$1" ]; then
  echo "usage: bench/testgen.sh DIR [TIMEOUT=60] [COVER=branches] [MODES]" >&2
  exit 2
fi
dir=$(cd "$1" && pwd) limit=${2:-60} cover=${3:-branches} modes=${4:-learning no-learning}
craig=${CRAIG:-$here/../build/craig}
out=${CRAIG_BENCH_RESULTS:-$here/../../bench-results}/testgen-$cover-$(date +%Y%m%d-%H%M%S)
mkdir -p "$out/reached" "$out/suites" "$out/logs"
csv=$out/results.csv
echo "task,mode,exit,goals,covered,unreachable,undecided,tests,backtracks,decisions,time_s,lines_pct,lines_total,branches_pct,branches_total,goal_check" >"$csv"
stat() { sed -n "s/^  $1: \([0-9.]*\).*/\1/p" "$2" | head -1; }
missed_any=0
find -L "$dir" -name '*.yml' -type f | sort | while read -r yml; do
  input=$(sed -n 's/^input_files:[[:space:]]*//p' "$yml" | tr -d "'\"[:space:]" | head -1)
  [ -n "$input" ] || continue
  src=$(dirname "$yml")/$input
  [ -f "$src" ] || continue
  task=${yml#"$dir"/}
  task=${task%.yml}
  name=$(echo "$task" | tr '/' '_')
  for mode in $modes; do
    args=()
    [ "$mode" = no-learning ] && args=(--no-learning)
    suite=$out/suites/$name.$mode
    log=$out/logs/$name.$mode.txt
    (
      ulimit -t $((limit + 30))
      exec timeout -k 5 $((2 * limit + 30)) "$craig" testgen "$yml" --cover "$cover" --timeout "$limit" --stats \
        --output "$suite" "${args[@]}"
    ) >"$log" 2>&1 </dev/null
    rc=$?
    read -r goals covered unreachable undecided < <(sed -n \
      's/^Goals: \([0-9]*\) ([a-z]*): \([0-9]*\) covered, \([0-9]*\) unreachable, \([0-9]*\) undecided$/\1 \2 \3 \4/p' "$log")
    tests=$(stat testgen.tests "$log")
    backtracks=$(stat lazy.backtracks "$log")
    decisions=$(stat lazy.decisions "$log")
    time=$(stat time.total "$log")
    sed -n 's/^  reached at backtrack \([0-9]*\): /\1 /p' "$log" >"$out/reached/$name.$mode.txt"
    lines_pct= lines_total= branches_pct= branches_total= check=none
    if [ -d "$suite" ]; then
      if cov=$("$here/testcov.sh" "$src" "$suite" --check-goals 2>&1); then check=ok; else check=missed; fi
      echo "$cov" >"$out/logs/$name.$mode.cov.txt"
      line=$(echo "$cov" | grep '^tests=' | tail -1)
      lines_pct=$(echo "$line" | sed -n 's/.*lines=\([0-9.]*\)% of \([0-9]*\).*/\1/p')
      lines_total=$(echo "$line" | sed -n 's/.*lines=\([0-9.]*\)% of \([0-9]*\).*/\2/p')
      branches_pct=$(echo "$line" | sed -n 's/.*branches=\([0-9.]*\)% of \([0-9]*\).*/\1/p')
      branches_total=$(echo "$line" | sed -n 's/.*branches=\([0-9.]*\)% of \([0-9]*\).*/\2/p')
    fi
    echo "$task,$mode,$rc,${goals:-},${covered:-},${unreachable:-},${undecided:-},${tests:-},${backtracks:-},${decisions:-},${time:-},$lines_pct,$lines_total,$branches_pct,$branches_total,$check" >>"$csv"
    echo "$task $mode: exit $rc, goals ${goals:-?} covered ${covered:-?} unreachable ${unreachable:-?} lines ${lines_pct:-?}% branches ${branches_pct:-?}% check $check" >&2
  done
done
"$here/lib/testgen_summary.sh" "$out" "$cover" "$limit"
"$here/lib/testgen_curves.sh" "$out" 3
cat "$out/summary.md"
! grep -q ',missed$' "$csv"
