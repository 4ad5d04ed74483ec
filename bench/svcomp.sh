#!/usr/bin/env bash
# bench/svcomp.sh DIR [TIMEOUT=60] [ENGINE=bmc] [JOBS=1]
#
# Runs `craig verify --engine ENGINE --timeout TIMEOUT --json --witness W TASK.yml` on every
# SV-COMP task file below DIR that has an unreach-call property, and writes
#   bench/results/svcomp-<ENGINE>-<date>/results.csv  task,expected,result,reason,cpu,wall,exit,class,witness
#                                        summary.md   counts per class and folder, score, CPU time,
#                                                     wrong answers, unsupported constructs, errors
#                                        cactus.svg   correctly solved tasks (x) against CPU time (y)
#                                        cactus.png   the same (both need gnuplot)
#                                        witnesses/   the witness of every task (NAME.graphml)
#                                        logs/        outputs of wrong, failing and witness-less runs
# DIR is a directory (symbolic links below it are followed, so a set can be assembled from
# links to task folders), or a name under $CRAIG_SVCOMP (default <repository>/../shared/bench/svcomp)
# or its c/ folder (`loops` means ../shared/bench/svcomp/c/loops). The binary is $CRAIG (default
# <repository>/build/craig); $CRAIG_BENCH_RESULTS replaces bench/results. $CRAIG_VERIFY_ARGS adds
# options to every run (split at blanks, e.g. "--itp-bool pudlak --itp-lra dual-farkas"); the
# results folder then is svcomp-ENGINE-<options without dashes, joined by '-'>-DATE so that the
# cactus plot labels the runs apart. CRAIG_BENCH_LIMIT=cpu makes TIMEOUT a CPU-time limit
# (ulimit -t; craig's --timeout and the guard become 10x TIMEOUT wall clock): figures that do not
# depend on the load of the machine. The default, wall, gives craig --timeout TIMEOUT. The verifier's last
# (non-empty) stdout line must be its JSON verdict; exit codes 0 (verdict), 4 (unsupported),
# 5 (resource limit) are expected, anything else is an error.
# CRAIG_BENCH_RESUME=OUT continues an interrupted run in its results folder OUT (same DIR, engine,
# options and limits, which are checked against OUT/run.env): tasks with a finished row are kept,
# the others run; long tables can so be filled over several sittings with one binary.
# See bench/README.md ("SV-COMP: craig verify") for how to read the output.
set -uo pipefail
export LC_ALL=C
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib/svcomp_run.sh"

if [ "${1:-}" = "--one" ]; then  # worker: one task
  shift
  sv_one_task "$@"
  exit 0
fi

if [ $# -lt 1 ] || [ $# -gt 4 ]; then
  echo "usage: bench/svcomp.sh DIR [TIMEOUT=60] [ENGINE=bmc] [JOBS=1]" >&2
  exit 2
fi
target=$1 timeout=${2:-60} engine=${3:-bmc} jobs=${4:-1}
case $timeout in '' | *[!0-9]*) echo "bench/svcomp.sh: TIMEOUT must be whole seconds, not '$timeout'" >&2; exit 2 ;; esac
case $jobs in '' | *[!0-9]* | 0) echo "bench/svcomp.sh: JOBS must be a positive number, not '$jobs'" >&2; exit 2 ;; esac
top=$(git -C "$here" rev-parse --show-toplevel 2>/dev/null || (cd "$here/.." && pwd))
svcomp=${CRAIG_SVCOMP:-$top/../shared/bench/svcomp}
dir=""
for d in "$target" "$svcomp/$target" "$svcomp/c/$target"; do
  if [ -d "$d" ]; then dir=$(cd "$d" && pwd); break; fi
done
if [ -z "$dir" ]; then
  echo "bench/svcomp.sh: no directory $target (nor under $svcomp or $svcomp/c)" >&2
  exit 2
fi
craig=${CRAIG:-$top/build/craig}
[ -e "$craig" ] && craig=$(cd "$(dirname "$craig")" && pwd)/$(basename "$craig")
[ -x "$craig" ] || echo "bench/svcomp.sh: warning: $craig is not an executable; every task will be an error" >&2

stamp=$(date +%Y%m%d-%H%M%S)
limit=${CRAIG_BENCH_LIMIT:-wall}
case $limit in wall | cpu) ;; *) echo "bench/svcomp.sh: CRAIG_BENCH_LIMIT must be wall or cpu, not '$limit'" >&2; exit 2 ;; esac
extra=${CRAIG_VERIFY_ARGS:-}
label=$engine
if [ -n "$extra" ]; then
  label=$engine-$(echo "$extra" | tr -s ' ' '\n' | sed 's/^-*//' | grep . | paste -sd- -)
fi
out=${CRAIG_BENCH_RESULTS:-$here/results}/svcomp-$label-$stamp
runenv="dir=$dir engine=$engine args=$extra limit=$limit timeout=$timeout craig=$craig"
if [ -n "${CRAIG_BENCH_RESUME:-}" ]; then
  out=$(cd "$CRAIG_BENCH_RESUME" 2>/dev/null && pwd) || { echo "bench/svcomp.sh: no folder $CRAIG_BENCH_RESUME to resume" >&2; exit 2; }
  if [ ! -d "$out/parts" ] || [ "$(cat "$out/run.env" 2>/dev/null)" != "$runenv" ]; then
    echo "bench/svcomp.sh: $out is not an unfinished run of the same set, engine, options, limit and binary" >&2
    exit 2
  fi
fi
mkdir -p "$out/logs" "$out/parts" "$out/witnesses"
printf '%s\n' "$runenv" >"$out/run.env"

nyml=$(find -L "$dir" -name '*.yml' -type f | wc -l)
sv_tasks "$dir" >"$out/tasks.tsv"
ntasks=$(wc -l <"$out/tasks.tsv")
todo=$out/tasks.tsv
if [ -n "${CRAIG_BENCH_RESUME:-}" ]; then  # the tasks without a finished row
  todo=$out/todo.tsv
  while IFS= read -r line; do
    name=${line%%$'\t'*}
    name=${name%.yml}
    [ -s "$out/parts/${name//\//__}.csv" ] || printf '%s\n' "$line"
  done <"$out/tasks.tsv" >"$todo"
  echo "bench/svcomp.sh: resuming $out: $(wc -l <"$todo") of $ntasks tasks left" >&2
fi
if [ "$ntasks" -eq 0 ]; then
  echo "bench/svcomp.sh: none of the $nyml task files under $dir has an unreach-call property" >&2
  rm -rf "$out"
  exit 2
fi
echo "bench/svcomp.sh: $ntasks of $nyml tasks in $dir have unreach-call; engine $engine${extra:+ ($extra)}," \
  "timeout ${timeout}s ($limit), $jobs job(s); results in $out" >&2

export SV_CRAIG=$craig SV_ENGINE=$engine SV_ARGS=$extra SV_LIMIT=$limit SV_TIMEOUT=$timeout SV_DIR=$dir SV_OUT=$out
start=$(date +%s)
tr '\n' '\0' <"$todo" |
  xargs -0 -r -n 1 -P "$jobs" bash "$here/svcomp.sh" --one
echo "bench/svcomp.sh: ran in $(($(date +%s) - start)) s" >&2

{
  echo "task,expected,result,reason,cpu,wall,exit,class,witness"
  find "$out/parts" -name '*.csv' -print0 | xargs -0 -r cat | sort -t, -k1,1
} >"$out/results.csv"
rm -rf "$out/parts" "$out/tasks.tsv" "$out/todo.tsv" "$out/run.env"
rmdir "$out/logs" "$out/witnesses" 2>/dev/null

sv_summary "$out" "$dir" "$timeout" "$engine${extra:+ $extra}" "$jobs" "$craig" "$nyml" >"$out/summary.md"
bash "$here/lib/svcomp_cactus.sh" -o "$out" -t "$(basename "$dir"): CPU time per correct answer (timeout $timeout s)" \
  "$label=$out/results.csv"
sed -n '/^| folder/,/^$/p' "$out/summary.md"
echo "bench/svcomp.sh: wrote $out/{results.csv,summary.md,cactus.svg,cactus.png}" >&2
