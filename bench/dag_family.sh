#!/usr/bin/env bash
# bench/dag_family.sh [ENGINES=impact,bmc] [KMAX=30] [TIMEOUT=60]
#
# Growth of verification time with the size k of generated program families (bench/gen_dag_family.py:
# seqloops, nested, diamonds; a TRUE and a FALSE task per k), the measurement of issue 17's "effect
# of DAG unrolling". Generates the tasks for k = KMIN..KMAX into
#   ../bench-results/dag_family-<date>/tasks/            (index.tsv, FAMILY/*.{c,yml}, properties/)
# and runs `craig verify --engine E --json --stats TASK.yml` for every engine, family, variant and
# k, in that order, each as a one-task `craig bench run` with a CPU-time limit of TIMEOUT s
# (lib/svcomp_run.sh's sv_one_task; the wall clock gets 10x). After the first timeout of an engine
# on a family and variant, larger k are not run for it (one `craig bench run` of the whole family
# would make them all). Writes
#   results.csv  family,variant,k,engine,verdict,expected,cpu_s,refinements,arg_size,exit,class
#   summary.md   per family, variant and engine: largest k solved, CPU time per k, growth rate
#   time.svg     CPU time over k (log scale), one line per engine, family and variant, and
#   time.png     the same (gnuplot; time.dat and time.gp are kept to draw them elsewhere)
#   runs/ENGINE/ logs of wrong or failing runs and the witnesses (lib/svcomp_run.sh)
# ENGINES is a comma-separated list of names of `craig verify --list-engines` (an engine
# registered later, ufo or vinta-box, works by name). A wrong verdict is printed on stderr and
# in summary.md and makes the exit status 1.
# Environment: CRAIG (binary, default <repository>/build/craig), KMIN (default 2), DAG_GENERATOR
# (default bench/gen_dag_family.py; bench/gen_protocol.py has the state machines of issue 19),
# DAG_FAMILIES (default: all of the generator's --list-families), DAG_VARIANTS (default true,false),
# CRAIG_VERIFY_ARGS (options added to every run), CRAIG_BENCH_RESULTS (replaces ../bench-results),
# REPEATS (default 1: runs per task; cpu_s is then the median of the runs, for comparisons per k
# that one run's noise would decide).
# See bench/README.md ("Generated families: DAG unrolling against tree unwinding").
set -uo pipefail
export LC_ALL=C
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib/svcomp_run.sh"

usage="usage: bench/dag_family.sh [ENGINES=impact,bmc] [KMAX=30] [TIMEOUT=60]"
if [ $# -gt 3 ]; then echo "$usage" >&2; exit 2; fi
engines=${1:-impact,bmc} kmax=${2:-30} timeout=${3:-60} kmin=${KMIN:-2} repeats=${REPEATS:-1}
for v in "KMAX=$kmax" "TIMEOUT=$timeout" "KMIN=$kmin" "REPEATS=$repeats"; do
  case ${v#*=} in '' | *[!0-9]* | 0) echo "bench/dag_family.sh: ${v%%=*} must be a positive whole number, not '${v#*=}'" >&2; exit 2 ;; esac
done
[ "$kmin" -le "$kmax" ] || { echo "bench/dag_family.sh: KMIN ($kmin) is larger than KMAX ($kmax)" >&2; exit 2; }
top=$(git -C "$here" rev-parse --show-toplevel 2>/dev/null || (cd "$here/.." && pwd))
craig=${CRAIG:-$top/build/craig}
[ -e "$craig" ] && craig=$(cd "$(dirname "$craig")" && pwd)/$(basename "$craig")
if [ ! -x "$craig" ]; then
  echo "bench/dag_family.sh: $craig is not an executable (build it with ./run.sh build, or set CRAIG)" >&2
  exit 2
fi

# The engines by name from the registry: `NAME[ (default)]: description`, options indented.
known=$("$craig" verify --list-engines 2>/dev/null | sed -n 's/^\([^[:space:]:][^[:space:]:]*\).*/\1/p')
if [ -z "$known" ]; then
  echo "bench/dag_family.sh: '$craig verify --list-engines' lists no engine" >&2
  exit 2
fi
IFS=, read -r -a engine_list <<<"$engines"
for e in "${engine_list[@]}"; do
  if ! grep -qxF -- "$e" <<<"$known"; then
    echo "bench/dag_family.sh: unknown engine '$e' (craig knows: $(paste -sd' ' <<<"$known"))" >&2
    exit 2
  fi
done

# Statistics of `--json --stats` shown as refinements and arg_size, per engine; an engine not in
# the tables gets empty cells. bmc refines nothing; its "ARG" is the unrolling, arg_size its depth
# in blocks (bmc.bound). Add a line here when an engine's statistics are named.
declare -A REFINEMENTS=([impact]=impact.refinements)
declare -A ARG_SIZE=([impact]=impact.vertices [bmc]=bmc.bound)
# The UFO family (ufo, cpufo, bpufo, cp, bp, vinta-box, vinta-boxes) names its figures ufo.*.
for e in ufo cpufo bpufo cp bp vinta-box vinta-boxes; do REFINEMENTS[$e]=ufo.refinements; ARG_SIZE[$e]=ufo.nodes; done
# The explicit-value engines: their explicit refinements and the states of the last ARG.
for e in value value-impact; do REFINEMENTS[$e]=value.refinements.explicit; ARG_SIZE[$e]=value.states; done

stamp=$(date +%Y%m%d-%H%M%S)
out=${CRAIG_BENCH_RESULTS:-$here/../../bench-results}/dag_family-$stamp
tasks=$out/tasks
mkdir -p "$out"
generator=${DAG_GENERATOR:-$here/gen_dag_family.py}
families=${DAG_FAMILIES:-$(python3 "$generator" --list-families | paste -sd, -)}
variants=${DAG_VARIANTS:-true,false}
if ! python3 "$generator" "$tasks" --kmin "$kmin" --kmax "$kmax" \
  --families "$families" --variants "$variants"; then
  echo "bench/dag_family.sh: the generator failed" >&2
  exit 2
fi
echo "bench/dag_family.sh: engines $engines, families $families, variants $variants, k = $kmin..$kmax," \
  "${timeout} s of CPU per run, $repeats run(s) per task; results in $out" >&2

csv=$out/results.csv
echo "family,variant,k,engine,verdict,expected,cpu_s,refinements,arg_size,exit,class" >"$csv"
export SV_CRAIG=$craig SV_ARGS="--stats ${CRAIG_VERIFY_ARGS:-}" SV_TIMEOUT=$timeout SV_DIR=$tasks SV_KEEP_JSON=1
wrong=0
start=$(date +%s)
for engine in "${engine_list[@]}"; do
  export SV_ENGINE=$engine SV_OUT=$out/runs/$engine
  mkdir -p "$SV_OUT/parts" "$SV_OUT/logs" "$SV_OUT/witnesses"
  IFS=, read -r -a fam_list <<<"$families"
  IFS=, read -r -a var_list <<<"$variants"
  for family in "${fam_list[@]}"; do
    for variant in "${var_list[@]}"; do
      for ((k = kmin; k <= kmax; k++)); do
        rel=$(awk -F'\t' -v f="$family" -v v="$variant" -v k="$k" '$1 == f && $2 == v && $3 == k { print $4 }' "$tasks/index.tsv")
        name=${rel%.yml}
        name=${name//\//__}
        # REPEATS runs of the task: the median CPU time is reported (the verdict, statistics and
        # class of the last run; a wrong verdict in any run counts).
        cpus=()
        any_wrong=""
        for ((r = 1; r <= repeats; r++)); do
          sv_one_task "$rel"$'\t'"$variant"
          IFS=, read -r _ expected result _ cpu _ rc class _ <"$SV_OUT/parts/$name.csv"
          cpus+=("$cpu")
          [ "${class#wrong}" != "$class" ] && any_wrong=$class
        done
        [ -n "$any_wrong" ] && class=$any_wrong
        cpu=$(printf '%s\n' "${cpus[@]}" | sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }')
        json=$(cat "$SV_OUT/parts/$name.json")
        case $class in
          timeout) verdict=TIMEOUT ;;
          error) verdict=ERROR ;;
          unsupported) verdict=UNSUPPORTED ;;
          *) verdict=$result ;;
        esac
        refinements="" arg_size=""
        [ -n "${REFINEMENTS[$engine]:-}" ] && refinements=$(sv_json_number "$json" "${REFINEMENTS[$engine]}")
        [ -n "${ARG_SIZE[$engine]:-}" ] && arg_size=$(sv_json_number "$json" "${ARG_SIZE[$engine]}")
        echo "$family,$variant,$k,$engine,$verdict,$expected,$cpu,$refinements,$arg_size,$rc,$class" >>"$csv"
        echo "bench/dag_family.sh: $engine $family $variant k=$k: $verdict (expected ${expected^^}), ${cpu} s${refinements:+, $refinements refinements}" >&2
        if [ "${class#wrong}" != "$class" ]; then
          wrong=$((wrong + 1))
          echo "bench/dag_family.sh: *** WRONG VERDICT: $engine said $result on $rel, expected $expected (log: $SV_OUT/logs/$name.log) ***" >&2
        fi
        [ "$class" = timeout ] && break
      done
    done
  done
  rm -rf "$SV_OUT/parts"
  rmdir "$SV_OUT/logs" "$SV_OUT/witnesses" "$SV_OUT" 2>/dev/null
done
echo "bench/dag_family.sh: ran in $(($(date +%s) - start)) s" >&2

bash "$here/lib/dag_family_report.sh" "$out" "$craig" "$timeout" "$kmin" "$kmax"
sed -n '/^| family | variant | engine/,/^$/p' "$out/summary.md"
if [ "$wrong" -gt 0 ]; then
  echo "bench/dag_family.sh: *** $wrong WRONG VERDICT(S), see $out/summary.md ***" >&2
  exit 1
fi
echo "bench/dag_family.sh: wrote $out/{results.csv,summary.md$([ -f "$out/time.svg" ] && echo ,time.svg,time.png)}" >&2
exit 0
