#!/usr/bin/env bash
# bench/summaries_reuse.sh [KS="4 8 16"] [MS="2 4 8 16"] [TIMEOUT=60]
#
# Issue 21 (function summaries from interpolants, reused across assertions, after HiFrog): how the
# CPU time of `craig verify --engine summaries` grows with the number m of assertions of a program
# when summaries made for one assertion are reused for the later ones, and when they are not.
# For every k in KS and m in MS, bench/gen_multi_assert.py writes a task with a library of k
# functions and m assertion sites (seed $SUMMARIES_SEED, default 1; $SUMMARIES_VIOLATED sites
# violated, default 0) into OUTDIR/tasks/, and each mode runs
#   craig verify --engine summaries --MODE --stats --json TASK.yml
# as a one-task `craig bench run` with a CPU-time limit of TIMEOUT s (lib/svcomp_run.sh's sv_one_task, as
# bench/dag_family.sh). The modes of a (k, m) run one after the other, so
# that a change of the machine's load hits both alike. After a mode's first timeout for a k, its
# larger m are not run (they would time out too). Writes into
# ${CRAIG_BENCH_RESULTS:-../bench-results}/summaries-reuse-<date>/:
#   results.csv  k,m,mode,result,expected,cpu,wall (result: TRUE/FALSE/UNKNOWN, or TIMEOUT, ERROR,
#                UNSUPPORTED; cpu and wall in seconds)
#   summary.md   wrong verdicts first, then per k and m the CPU time of each mode and the ratio
#   cpu.svg/png  CPU time over m (log scales), one line per k and mode (gnuplot; cpu.dat, cpu.gp kept)
#   runs/MODE/   the JSON line of every run (json/K_M.json, with --stats), logs of wrong or failing runs
# A wrong verdict (TRUE for a false task or FALSE for a true one) is printed on stderr and in
# summary.md and makes the exit status 1.
# Environment:
#   CRAIG               the binary (default <repository>/build/craig)
#   SUMMARIES_ENGINE    the engine (default summaries)
#   SUMMARIES_MODES     options of craig verify without the leading --, one run per word
#                       (default "summaries-reuse no-summaries-reuse"); set but empty: one run without
#                       an option (mode "none"). SUMMARIES_ENGINE=bmc SUMMARIES_MODES= tests the
#                       script with a craig that has no summaries engine.
#   SUMMARIES_SEED, SUMMARIES_VIOLATED, CRAIG_VERIFY_ARGS (added to every run), CRAIG_BENCH_RESULTS
# See bench/README.md ("Multi-assertion programs (issue 21)").
set -uo pipefail
export LC_ALL=C
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib/svcomp_run.sh"

usage='usage: bench/summaries_reuse.sh [KS="4 8 16"] [MS="2 4 8 16"] [TIMEOUT=60]'
if [ $# -gt 3 ]; then echo "$usage" >&2; exit 2; fi
ks=${1:-4 8 16} ms=${2:-2 4 8 16} timeout=${3:-60}
seed=${SUMMARIES_SEED:-1} violated=${SUMMARIES_VIOLATED:-0}
engine=${SUMMARIES_ENGINE:-summaries}
# unset: the two modes of the issue; set and empty: one run with no option
modes=${SUMMARIES_MODES-summaries-reuse no-summaries-reuse}
read -r -a mode_list <<<"$modes"
[ ${#mode_list[@]} -gt 0 ] || mode_list=(none)
for v in $ks $ms "TIMEOUT=$timeout" "SUMMARIES_SEED=$seed" "SUMMARIES_VIOLATED=$violated"; do
  case ${v#*=} in '' | *[!0-9]*) echo "bench/summaries_reuse.sh: '$v' is not a whole number ($usage)" >&2; exit 2 ;; esac
done
for v in $ks $ms "$timeout"; do
  [ "$v" -gt 0 ] || { echo "bench/summaries_reuse.sh: k, m and TIMEOUT must be positive ($usage)" >&2; exit 2; }
done
[ -n "$ks" ] && [ -n "$ms" ] || { echo "$usage" >&2; exit 2; }
for m in $ms; do
  [ "$violated" -le "$m" ] || { echo "bench/summaries_reuse.sh: SUMMARIES_VIOLATED=$violated is larger than m = $m" >&2; exit 2; }
done
top=$(git -C "$here" rev-parse --show-toplevel 2>/dev/null || (cd "$here/.." && pwd))
craig=${CRAIG:-$top/build/craig}
[ -e "$craig" ] && craig=$(cd "$(dirname "$craig")" && pwd)/$(basename "$craig")
if [ ! -x "$craig" ]; then
  echo "bench/summaries_reuse.sh: $craig is not an executable (build it with ./run.sh build, or set CRAIG)" >&2
  exit 2
fi
# The engine by name, as bench/dag_family.sh checks it: a binary without it fails here, not in
# every run.
if ! "$craig" verify --list-engines 2>/dev/null | sed -n 's/^\([^[:space:]:][^[:space:]:]*\).*/\1/p' | grep -qxF -- "$engine"; then
  echo "bench/summaries_reuse.sh: $craig has no engine '$engine' (craig verify --list-engines;" \
    "SUMMARIES_ENGINE=bmc SUMMARIES_MODES= tests the script without it)" >&2
  exit 2
fi

stamp=$(date +%Y%m%d-%H%M%S)
out=${CRAIG_BENCH_RESULTS:-$here/../../bench-results}/summaries-reuse-$stamp
tasks=$out/tasks
mkdir -p "$tasks"
# All tasks first: a generator failure stops the run before any measurement.
: >"$tasks/index.tsv"
for k in $ks; do
  for m in $ms; do
    yml=$(python3 "$here/gen_multi_assert.py" "$tasks" --k "$k" --m "$m" --seed "$seed" --violated "$violated") || {
      echo "bench/summaries_reuse.sh: the generator failed for k=$k m=$m" >&2
      exit 2
    }
    printf '%s\t%s\t%s\t%s\n' "$k" "$m" "$(basename "$yml")" "$([ "$violated" -gt 0 ] && echo false || echo true)" >>"$tasks/index.tsv"
  done
done
echo "bench/summaries_reuse.sh: engine $engine, modes ${mode_list[*]}, k in {$ks}, m in {$ms}, seed $seed," \
  "$violated violated, ${timeout} s of CPU per run; results in $out" >&2

csv=$out/results.csv
echo "k,m,mode,result,expected,cpu,wall" >"$csv"
export SV_CRAIG=$craig SV_ENGINE=$engine SV_TIMEOUT=$timeout SV_DIR=$tasks SV_KEEP_JSON=1
declare -A stopped=()
wrong=0
start=$(date +%s)
while IFS=$'\t' read -r k m rel expected; do
  for mode in "${mode_list[@]}"; do
    [ -n "${stopped[$k,$mode]:-}" ] && continue
    flag=--$mode
    [ "$mode" = none ] && flag=""
    export SV_OUT=$out/runs/$mode SV_ARGS="--stats $flag ${CRAIG_VERIFY_ARGS:-}"
    mkdir -p "$SV_OUT/parts" "$SV_OUT/logs" "$SV_OUT/witnesses" "$SV_OUT/json"
    sv_one_task "$rel"$'\t'"$expected"
    name=${rel%.yml}
    IFS=, read -r _ _ result _ cpu wall rc class _ <"$SV_OUT/parts/$name.csv"
    mv "$SV_OUT/parts/$name.json" "$SV_OUT/json/${k}_$m.json"
    rm -f "$SV_OUT/parts/$name.csv"
    case $class in
      timeout) result=TIMEOUT ;;
      error) result=ERROR ;;
      unsupported) result=UNSUPPORTED ;;
    esac
    echo "$k,$m,$mode,$result,$expected,$cpu,$wall" >>"$csv"
    echo "bench/summaries_reuse.sh: k=$k m=$m $mode: $result (expected ${expected^^}), ${cpu} s CPU (exit $rc)" >&2
    if [ "${class#wrong}" != "$class" ]; then
      wrong=$((wrong + 1))
      echo "bench/summaries_reuse.sh: *** WRONG VERDICT: $mode said $result on k=$k m=$m ($rel), expected $expected" \
        "(log: $SV_OUT/logs/$name.log) ***" >&2
    fi
    [ "$class" = timeout ] && stopped[$k,$mode]=1
  done
done <"$tasks/index.tsv"
for mode in "${mode_list[@]}"; do
  rm -rf "$out/runs/$mode/parts"
  rmdir "$out/runs/$mode/logs" "$out/runs/$mode/witnesses" 2>/dev/null
done
echo "bench/summaries_reuse.sh: ran in $(($(date +%s) - start)) s" >&2

# ---- summary.md: wrong verdicts first (loud), then CPU per k and m, one column per mode ----
version=$("$craig" --version 2>/dev/null | head -1)
{
  echo "# Multi-assertion programs: summaries reused across assertions (issue 21)"
  echo
  [ "$wrong" -gt 0 ] && { echo "**$wrong WRONG VERDICT(S): see below.**"; echo; }
  echo "- tasks: \`tasks/\` (bench/gen_multi_assert.py, seed $seed, $violated violated site(s) per task," \
    "expected verdict $([ "$violated" -gt 0 ] && echo false || echo true)), k in {$ks}, m in {$ms}"
  echo "- \`craig verify --engine $engine --MODE --stats --json\`${CRAIG_VERIFY_ARGS:+ $CRAIG_VERIFY_ARGS}," \
    "modes: ${mode_list[*]} (none: no option)"
  echo "- limit: $timeout s of CPU time per run (a one-task craig bench run each); after a mode's first timeout for a k its larger m are not run"
  echo "- craig: \`$craig\` (${version:-version unknown}); $(nproc 2>/dev/null) processors, $(date '+%Y-%m-%d %H:%M')"
  echo "- CPU time = user + system time of the run's process group, as craig bench measures it"
  echo
  echo "## Wrong verdicts"
  echo
  awk -F, 'NR > 1 && ($4 == "TRUE" || $4 == "FALSE") && tolower($4) != $5 {
             printf "- **WRONG: k=%s m=%s %s said %s, expected %s** (%s s)\n", $1, $2, $3, $4, toupper($5), $6 }' "$csv" |
    grep . || echo "none"
  echo
  echo "## CPU time (s) per k and m"
  echo
  echo "Cells: CPU seconds of a correct verdict, otherwise the result (timeout, unknown, error, **WRONG**);"
  echo "empty: not run (an earlier m timed out)."
  if [ ${#mode_list[@]} -eq 2 ]; then
    echo "Ratio: CPU of ${mode_list[1]} / CPU of ${mode_list[0]} (both correct; times under 0.01 s count as 0.01 s);"
    echo "above 1: ${mode_list[0]} is faster."
  fi
  echo
  awk -F, -v modes="${mode_list[*]}" '
    NR == 1 { next }
    {
      key = $1 SUBSEP $2
      if (!(key in seen)) { seen[key] = 1; K[++nk] = key }
      if ($4 == "TRUE" || $4 == "FALSE") {
        if (tolower($4) == $5) { cell = sprintf("%.2f", $6); ok[key, $3] = 1; t[key, $3] = ($6 < 0.01 ? 0.01 : $6) }
        else cell = "**WRONG " $4 "**"
      } else cell = tolower($4)
      v[key, $3] = cell
    }
    END {
      nm = split(modes, M, " ")
      line = "| k | m |"; sep = "|---:|---:|"
      for (i = 1; i <= nm; i++) { line = line " " M[i] " |"; sep = sep "---:|" }
      if (nm == 2) { line = line " ratio |"; sep = sep "---:|" }
      print line; print sep
      for (j = 1; j <= nk; j++) {
        split(K[j], P, SUBSEP); line = "| " P[1] " | " P[2] " |"
        for (i = 1; i <= nm; i++) line = line " " (((K[j], M[i]) in v) ? v[K[j], M[i]] : "") " |"
        if (nm == 2) line = line " " ((ok[K[j], M[1]] && ok[K[j], M[2]]) ? sprintf("%.2f", t[K[j], M[2]] / t[K[j], M[1]]) : "-") " |"
        print line
      }
    }' "$csv"
} >"$out/summary.md"

# ---- the plot: CPU over m, one line per k (colour) and mode (dash type), correct verdicts only ----
awk -F, 'NR > 1 && ($4 == "TRUE" || $4 == "FALSE") && tolower($4) == $5 {
           key = "k=" $1 " " $3; if (!(key in s)) { s[key] = 1; K[++n] = key }
           d[key] = d[key] $2 " " ($6 < 0.01 ? 0.01 : $6) "\n" }
         END { for (i = 1; i <= n; i++) printf "# %s\n%s\n\n", K[i], d[K[i]] }' "$csv" >"$out/cpu.dat"
{
  echo "# gnuplot -e \"set terminal svg noenhanced size 1000,600; set output 'cpu.svg'\" cpu.gp"
  echo "set title 'CPU time over the number of assertions m (engine $engine, correct verdicts; limit $timeout s CPU)'"
  echo "set xlabel 'm (assertion sites)'"
  echo "set ylabel 'CPU time (s)'"
  echo "set logscale xy"
  echo "set xtics ($(tr ' ' '\n' <<<"$ms" | grep . | sort -n | paste -sd, -))"
  echo "set key outside right top"
  echo "set grid"
  colours=("#1f77b4" "#d62728" "#2ca02c" "#9467bd" "#ff7f0e" "#8c564b" "#e377c2" "#17becf")
  declare -A kcol=() mdash=()
  plot="" i=0 nk=0 nm=0
  while IFS=' ' read -r kk mode; do
    if [ -z "${kcol[$kk]:-}" ]; then kcol[$kk]=${colours[nk % ${#colours[@]}]}; nk=$((nk + 1)); fi
    if [ -z "${mdash[$mode]:-}" ]; then nm=$((nm + 1)); mdash[$mode]=$nm; fi
    plot+="${plot:+, }'$out/cpu.dat' index $i using 1:2 with linespoints lc rgb '${kcol[$kk]}' dt ${mdash[$mode]} pt $((mdash[$mode] * 2 + 5)) title '$kk $mode'"
    i=$((i + 1))
  done < <(sed -n 's/^# //p' "$out/cpu.dat")
  echo "plot ${plot:-NaN notitle}"
} >"$out/cpu.gp"
if command -v gnuplot >/dev/null 2>&1; then
  png=png
  gnuplot -e 'set terminal pngcairo' >/dev/null 2>&1 && png=pngcairo
  for term in svg "$png"; do
    ext=$term
    [ "$term" = pngcairo ] && ext=png
    gnuplot -e "set terminal $term noenhanced size 1000,600; set output '$out/cpu.$ext'" "$out/cpu.gp" 2>/dev/null
  done
else
  echo "bench/summaries_reuse.sh: gnuplot not found, no cpu.svg (cpu.gp draws it from cpu.dat)" >&2
fi

sed -n '/^| k | m |/,/^$/p' "$out/summary.md"
if [ "$wrong" -gt 0 ]; then
  echo "bench/summaries_reuse.sh: *** $wrong WRONG VERDICT(S), see $out/summary.md ***" >&2
  exit 1
fi
echo "bench/summaries_reuse.sh: wrote $out/{results.csv,summary.md$([ -f "$out/cpu.svg" ] && echo ,cpu.svg,cpu.png)}" >&2
exit 0
