#!/usr/bin/env bash
# bench/svcomp_compare.sh [-o OUTDIR] [-f FOLDER,...] [LABEL=]RESULTS.csv...
#
# Side-by-side table of several bench/svcomp.sh runs (engines, interpolation systems), one row
# per run: correct TRUE/FALSE, wrong, unknown, timeout, unsupported, error, SV-COMP score, CPU
# time of the correct answers and of all runs, and "only": the tasks this run answers correctly
# and no other run does. -f keeps the tasks of the given folders (the part of the task name
# before its last '/', e.g. -f loop-lit,loop-invgen). Writes OUTDIR/compare.md (also printed)
# and the cactus plot of the same runs and tasks (OUTDIR/cactus.svg, .png; lib/svcomp_cactus.sh).
# LABEL defaults to the run's folder name without svcomp- and the date, as in the cactus plot.
set -uo pipefail
export LC_ALL=C
here=$(cd "$(dirname "$0")" && pwd)
usage="usage: bench/svcomp_compare.sh [-o OUTDIR] [-f FOLDER,...] [LABEL=]RESULTS.csv..."
outdir="" folders=""
while getopts "o:f:" opt; do
  case $opt in
    o) outdir=$OPTARG ;;
    f) folders=$OPTARG ;;
    *) echo "$usage" >&2; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
[ $# -ge 1 ] || { echo "$usage" >&2; exit 2; }
outdir=${outdir:-${CRAIG_BENCH_RESULTS:-$here/../../bench-results}/svcomp-compare-$(date +%Y%m%d-%H%M%S)}
mkdir -p "$outdir/runs"

labels=() csvs=() srcs=()
i=0
for arg in "$@"; do
  i=$((i + 1))
  case $arg in
    *=*) label=${arg%%=*} csv=${arg#*=} ;;
    *) csv=$arg
       label=$(basename "$(dirname "$csv")" | sed -E 's/^svcomp-(.*)-[0-9]{8}-[0-9]{6}$/\1/') ;;
  esac
  [ -f "$csv" ] || { echo "bench/svcomp_compare.sh: no file $csv" >&2; exit 2; }
  # the run's rows of the chosen folders, header kept, as OUTDIR/runs/I.csv
  awk -F, -v folders=",$folders," '
    NR == 1 { print; next }
    folders == ",," { print; next }
    { n = split($1, P, "/"); f = n > 1 ? P[n - 1] : ""; if (index(folders, "," f ",")) print }' \
    "$csv" >"$outdir/runs/$i.csv"
  labels+=("$label") csvs+=("$outdir/runs/$i.csv") srcs+=("$csv")
done

{
  echo "# SV-COMP runs compared"
  echo
  [ -n "$folders" ] && echo "Folders: $folders." && echo
  for k in "${!labels[@]}"; do echo "- ${labels[$k]}: \`${srcs[$k]}\`"; done
  echo
  echo "| run | tasks | correct true | correct false | wrong true | wrong false | unknown | timeout | unsupported | error | score | CPU of correct (s) | CPU of all (s) | only |"
  echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
  # one pass over all runs: first count per task how many runs answer it correctly
  for k in "${!labels[@]}"; do
    awk -F, -v r="$k" 'NR == 1 { for (c = 1; c <= NF; c++) col[$c] = c; next }
      { print r "," $1 "," $(col["class"]) "," $(col["cpu"]) }' "${csvs[$k]}"
  done | awk -F, -v names="$(printf '%s\n' "${labels[@]}")" '
    BEGIN { nr = split(names, N, "\n") }
    {
      r = $1; t = $2; c = $3; cpu = $4
      n[r]++; cnt[r, c]++; all[r] += cpu
      if (c == "correct-true" || c == "correct-false") { ok[r, t] = 1; solved[t]++; good[r] += cpu }
      if (c == "correct-true") score[r] += 2; else if (c == "correct-false") score[r] += 1
      else if (c == "wrong-true") score[r] -= 32; else if (c == "wrong-false") score[r] -= 16
    }
    END {
      for (key in ok) { split(key, K, SUBSEP); if (solved[K[2]] == 1) only[K[1]]++ }
      for (r = 0; r < nr; r++)
        printf "| %s | %d | %d | %d | %d | %d | %d | %d | %d | %d | %d | %.1f | %.1f | %d |\n", N[r + 1], n[r],
          cnt[r, "correct-true"], cnt[r, "correct-false"], cnt[r, "wrong-true"], cnt[r, "wrong-false"],
          cnt[r, "unknown"], cnt[r, "timeout"], cnt[r, "unsupported"], cnt[r, "error"], score[r], good[r],
          all[r], only[r]
    }'
  echo
  echo "only = tasks this run answers correctly and no other run in the table does. Score as in"
  echo "SV-COMP (+2 correct true, +1 correct false, -32 wrong true, -16 wrong false)."
} >"$outdir/compare.md"
cat "$outdir/compare.md"

cactus_args=()
for k in "${!labels[@]}"; do cactus_args+=("${labels[$k]}=${csvs[$k]}"); done
bash "$here/lib/svcomp_cactus.sh" -o "$outdir" -t "CPU time per correct answer${folders:+ ($folders)}" "${cactus_args[@]}"
echo "bench/svcomp_compare.sh: wrote $outdir/compare.md" >&2
