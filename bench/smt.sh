#!/usr/bin/env bash
# bench/smt.sh [--config NAME=ARGS]... LOGIC_OR_DIR [TIMEOUT=60] [JOBS=1]
#
# craig solve, z3 and cvc5 on every .smt2 file of a benchmark set in one `craig bench run`: one
# configuration per craig setting (craig-NAME; `craig` without --config) and the external
# configurations `z3=exec:z3` and `cvc5=exec:cvc5 --incremental` (when installed; Z3=0 or CVC5=0
# leaves one out), each run held to TIMEOUT seconds of CPU time (and TIMEOUT + 2 s of wall clock)
# by the harness, JOBS runs at once. Output (SMT_OUT, default $CRAIG_BENCH_RESULTS/<name>-<date>,
# $CRAIG_BENCH_RESULTS defaulting to <repository>/../bench-results, outside the repository):
#   bench/        the results folder of craig bench run (manifest, every run's output, result XML)
#   report/       craig bench report of it (index.html)
#   results.csv   file,solver,answer,time,status_ok (time: CPU seconds)
#   summary.md    per-solver table, PAR-2, wrong answers, disagreements
#   cactus.png    number solved (x) against time (y), one line per solver
#   expected.tsv  the expected answers used, and where they came from
# The answer of a run is its first sat/unsat/unknown line (craig bench's rule: for a file with
# several check-sats, the first one's). Exit status 1 when two solvers give opposite definite
# answers to a file, 2 on a usage error.
# LOGIC (QF_UF, QF_LRA, QF_UFLRA, ...) means $CRAIG_BENCH/LOGIC, by default
# <repository>/../shared/bench/smt/LOGIC; any directory may be given instead.
# The craig binary is $CRAIG, by default <repository>/build/craig (passed to craig bench run as
# --craig; CRAIG_HARNESS is the craig that runs craig bench, by default CRAIG when it has
# `craig bench`, else <repository>/build/craig). Expected
# answers come from the set's INDEX.tsv, else from FILE.expected.out (its sat/unsat lines), else
# from the file's (set-info :status ...).
# --config NAME=ARGS (repeatable) runs craig once per configuration, as solver craig-NAME, with
# the extra arguments ARGS (split on spaces), e.g. --config online='--sat-integration online';
# without it craig runs once with its defaults, as solver craig.
# See bench/README.md for how to read the output.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib/smt_run.sh"

configs=() solvers=()
while [ "${1:-}" = "--config" ]; do
  case ${2:-} in
    [A-Za-z0-9]*=*) ;;
    *) echo "bench/smt.sh: --config needs NAME=ARGS (NAME of letters, digits, '_'), got '${2:-}'" >&2; exit 2 ;;
  esac
  cname=${2%%=*}
  if ! [[ $cname =~ ^[A-Za-z0-9_]+$ ]]; then
    echo "bench/smt.sh: configuration name '$cname' must be letters, digits and '_'" >&2
    exit 2
  fi
  configs+=(--config "craig-$2")
  solvers+=("craig-$cname")
  shift 2
done
if [ $# -lt 1 ] || [ $# -gt 3 ]; then
  echo "usage: bench/smt.sh [--config NAME=ARGS]... LOGIC_OR_DIR [TIMEOUT=60] [JOBS=1]" >&2
  exit 2
fi
if [ ${#configs[@]} -eq 0 ]; then
  configs=(--config "craig=")
  solvers=(craig)
fi
target=$1 timeout=${2:-60} jobs=${3:-1}
top=$(git -C "$here" rev-parse --show-toplevel 2>/dev/null || (cd "$here/.." && pwd))
if [ -d "$target" ]; then
  dir=$(cd "$target" && pwd)
else
  dir=${CRAIG_BENCH:-$top/../shared/bench/smt}/$target
  if [ ! -d "$dir" ]; then
    echo "bench/smt.sh: no directory $target and no benchmark set $dir" >&2
    exit 2
  fi
  dir=$(cd "$dir" && pwd)
fi
name=$(basename "$dir")
craig=${CRAIG:-$top/build/craig}
[ -e "$craig" ] && craig=$(cd "$(dirname "$craig")" && pwd)/$(basename "$craig")
harness=${CRAIG_HARNESS:-$craig}
[ -n "${CRAIG_HARNESS:-}" ] || "$harness" bench run --help 2>/dev/null </dev/null | grep -q -- --resume ||
  harness=$top/build/craig
for s in z3 cvc5; do
  var=$(echo "$s" | tr a-z A-Z)
  [ "${!var:-1}" != 0 ] || continue
  if command -v "$s" >/dev/null 2>&1; then
    solvers+=("$s")
    if [ "$s" = z3 ]; then configs+=(--config "z3=exec:z3"); else configs+=(--config "cvc5=exec:cvc5 --incremental"); fi
  else
    echo "bench/smt.sh: warning: $s not found; it does not run" >&2
  fi
done

out=${SMT_OUT:-${CRAIG_BENCH_RESULTS:-$top/../bench-results}/$name-$(date +%Y%m%d-%H%M%S)}
mkdir -p "$out"
out=$(cd "$out" && pwd)

# expected.tsv: file, number of check-sats, expected answers (comma-separated), source
bench_expected "$dir" >"$out/expected.tsv"
echo "bench/smt.sh: $(wc -l <"$out/expected.tsv") files from $dir, timeout ${timeout}s, $jobs job(s); results in $out" >&2

"$harness" bench run "$dir" --tool solve --timeout "$timeout" --jobs "$jobs" --craig "$craig" "${configs[@]}" \
  --out "$out/bench" </dev/null >"$out/bench.log"
rc=$?
if [ "$rc" -ne 0 ]; then
  tail -5 "$out/bench.log" >&2
  echo "bench/smt.sh: craig bench run failed (exit $rc)" >&2
  exit "$rc"
fi
"$harness" bench report "$out/bench" --out "$out/report" >/dev/null || echo "bench/smt.sh: craig bench report failed" >&2
bench_results_csv "$out/bench/results.csv" "$name/" "$out/expected.tsv" >"$out/results.csv"

BENCH_SOLVERS="${solvers[*]}" bench_summary "$out" "$name" "$dir" "$timeout" "$jobs" "$craig" >"$out/summary.md"
BENCH_SOLVERS="${solvers[*]}" bench_cactus "$out" "$name" "$timeout"
sed -n '/^| solver/,/^$/p' "$out/summary.md"
grep -E '^craig[^ ]* PAR-2' "$out/summary.md" || true
echo "bench/smt.sh: wrote $out/{results.csv,summary.md,cactus.png} and $out/report/index.html" >&2
if sed -n '/^## Disagreements/,/^## Not solved/p' "$out/summary.md" | grep -q '^- '; then
  echo "bench/smt.sh: solvers disagree (summary.md, Disagreements)" >&2
  exit 1
fi
