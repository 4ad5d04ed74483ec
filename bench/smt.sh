#!/usr/bin/env bash
# bench/smt.sh [--config NAME=ARGS]... LOGIC_OR_DIR [TIMEOUT=60] [JOBS=1]
#
# Runs craig, z3 and cvc5 on every .smt2 file of a benchmark set and writes
#   bench/results/<name>-<date>/results.csv   file,solver,answer,time,status_ok
#                               summary.md    per-solver table, PAR-2, wrong answers, disagreements
#                               cactus.png    number solved (x) against time (y), one line per solver
#                               expected.tsv  the expected answers used, and where they came from
#                               logs/         outputs of wrong, crashing and disagreeing runs
# LOGIC (QF_UF, QF_LRA, QF_UFLRA, ...) means $CRAIG_BENCH/LOGIC, by default
# <repository>/../shared/bench/smt/LOGIC; any directory may be given instead.
# The craig binary is $CRAIG, by default <repository>/build/craig; a missing or crashing binary
# only makes craig's column errors. Expected answers come from the set's INDEX.tsv, else from
# FILE.expected.out (its sat/unsat lines), else from the file's (set-info :status ...).
# --config NAME=ARGS (repeatable) runs craig once per configuration, as solver craig-NAME, with
# the extra arguments ARGS (split on spaces), e.g. --config online='--sat-integration online';
# without it craig runs once with its defaults, as solver craig.
# See bench/README.md for how to read the output.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib/smt_run.sh"

if [ "${1:-}" = "--one" ]; then  # worker: one file, all solvers
  shift
  bench_one_file "$@"
  exit 0
fi

configs=""
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
  configs+="$2"$'\n'
  shift 2
done
if [ $# -lt 1 ] || [ $# -gt 3 ]; then
  echo "usage: bench/smt.sh [--config NAME=ARGS]... LOGIC_OR_DIR [TIMEOUT=60] [JOBS=1]" >&2
  exit 2
fi
if [ -n "$configs" ]; then
  BENCH_SOLVERS="$(printf '%s' "$configs" | sed 's/=.*//; s/^/craig-/' | paste -sd' ' -) z3 cvc5"
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
[ -x "$craig" ] || echo "bench/smt.sh: warning: $craig is not an executable; craig's answers will be errors" >&2
for s in z3 cvc5; do
  command -v "$s" >/dev/null 2>&1 || echo "bench/smt.sh: warning: $s not found; its answers will be errors" >&2
done

stamp=$(date +%Y%m%d-%H%M%S)
out=$here/results/$name-$stamp
mkdir -p "$out/logs" "$out/parts"

# expected.tsv: file, number of check-sats, expected answers (comma-separated), source
bench_expected "$dir" >"$out/expected.tsv"
nfiles=$(wc -l <"$out/expected.tsv")
echo "bench/smt.sh: $nfiles files from $dir, timeout ${timeout}s, $jobs job(s); results in $out" >&2

export BENCH_CRAIG=$craig BENCH_CONFIGS=$configs BENCH_SOLVERS BENCH_TIMEOUT=$timeout BENCH_DIR=$dir BENCH_OUT=$out
start=$(date +%s)
tr '\n' '\0' <"$out/expected.tsv" |
  xargs -0 -n 1 -P "$jobs" bash "$here/smt.sh" --one
echo "bench/smt.sh: ran in $(($(date +%s) - start)) s" >&2

{
  echo "file,solver,answer,time,status_ok"
  find "$out/parts" -name '*.csv' -print0 | xargs -0 cat | sort -t, -k1,1 -k2,2
} >"$out/results.csv"
rm -rf "$out/parts"
rmdir "$out/logs" 2>/dev/null

bench_summary "$out" "$name" "$dir" "$timeout" "$jobs" "$craig" >"$out/summary.md"
bench_cactus "$out" "$name" "$timeout"
cat "$out/summary.md" | sed -n '/^| solver/,/^$/p'
grep -E '^craig[^ ]* PAR-2' "$out/summary.md" || true
echo "bench/smt.sh: wrote $out/{results.csv,summary.md,cactus.png}" >&2
