#!/usr/bin/env bash
# Test of bench/dag_family.sh with bench/gen_calls.py: k = 2..3 of the calls family with impact
# and REPEATS=3 (each task run three times, the median CPU time reported), with and without
# --use-summaries; every verdict correct, one row per task, the summary table written.
# Usage: dag_family_sh.sh REPOSITORY CRAIG.
set -uo pipefail
root=$1 craig=$2
tmp=$(mktemp -d "${TMPDIR:-/tmp}/dag-family-test.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
# A wrapper that counts the task runs (one line per craig verify of a .yml task; the script's
# craig bench run, which the same wrapper starts, is not one).
cat >"$tmp/craig" <<WRAP
#!/usr/bin/env bash
case "\$*" in verify\ *.yml*) echo run >>"$tmp/runs" ;; esac
exec "$craig" "\$@"
WRAP
chmod +x "$tmp/craig"
fail=0
for args in "" "--use-summaries"; do
  name=${args:-inlined}
  rm -f "$tmp/runs"
  if ! DAG_GENERATOR=$root/bench/gen_calls.py REPEATS=3 KMIN=2 CRAIG=$tmp/craig CRAIG_VERIFY_ARGS="$args" \
    CRAIG_BENCH_RESULTS=$tmp/$name bash "$root/bench/dag_family.sh" impact 3 10 >"$tmp/$name.log" 2>&1; then
    echo "FAIL $name: bench/dag_family.sh failed"; tail -5 "$tmp/$name.log"; fail=1; continue
  fi
  csv=$(ls "$tmp/$name"/dag_family-*/results.csv)
  rows=$(tail -n +2 "$csv" | wc -l)
  correct=$(grep -c ',correct-' "$csv")
  runs=$(wc -l <"$tmp/runs" 2>/dev/null || echo 0)
  if [ "$rows" != 4 ] || [ "$correct" != 4 ]; then
    echo "FAIL $name: $rows rows, $correct correct (want 4 and 4)"; cat "$csv"; fail=1
  elif [ "$runs" != 12 ]; then
    echo "FAIL $name: $runs task runs (want 4 tasks x 3)"; fail=1
  elif ! grep -q '^| calls | true | impact |' "$(dirname "$csv")/summary.md"; then
    echo "FAIL $name: no summary table"; fail=1
  else
    echo "ok $name: 4 tasks correct, 3 runs each"
  fi
done
exit $fail
