#!/usr/bin/env bash
# bench/lib/svcomp_cactus.sh [-o OUTDIR] [-t TITLE] [LABEL=]RESULTS.csv...
#
# Cactus plot of one or more bench/svcomp.sh runs: for each results.csv one line, whose point k
# is the CPU time of its k-th fastest correctly answered task (correct-true or correct-false).
# A line further right solves more; lower is faster. Writes OUTDIR/cactus.svg and
# OUTDIR/cactus.png (gnuplot; without it nothing is drawn, and it says so). The label of a line
# is LABEL, else the engine taken from the run's folder name (svcomp-ENGINE-DATE), so
#   bench/lib/svcomp_cactus.sh -o /tmp/cmp ../bench-results/svcomp-bmc-*/results.csv \
#                                          ../bench-results/svcomp-impact-*/results.csv
# compares two engines. OUTDIR defaults to the folder of the only results.csv, or
# $CRAIG_BENCH_RESULTS/svcomp-cactus-DATE/ for several ($CRAIG_BENCH_RESULTS defaulting to
# <repository>/../bench-results). Exit status 1 when gnuplot wrote neither file.
set -uo pipefail
export LC_ALL=C
here=$(cd "$(dirname "$0")" && pwd)
outdir="" title="SV-COMP unreach-call: CPU time per correct answer"
while getopts "o:t:" opt; do
  case $opt in
    o) outdir=$OPTARG ;;
    t) title=$OPTARG ;;
    *) echo "usage: bench/lib/svcomp_cactus.sh [-o OUTDIR] [-t TITLE] [LABEL=]RESULTS.csv..." >&2; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
if [ $# -lt 1 ]; then
  echo "usage: bench/lib/svcomp_cactus.sh [-o OUTDIR] [-t TITLE] [LABEL=]RESULTS.csv..." >&2
  exit 2
fi
if ! command -v gnuplot >/dev/null 2>&1; then
  echo "svcomp_cactus: gnuplot not found, no cactus plot" >&2
  exit 0
fi
if [ -z "$outdir" ]; then
  if [ $# -eq 1 ]; then
    outdir=$(dirname "${1#*=}")
  else
    outdir=${CRAIG_BENCH_RESULTS:-$here/../../../bench-results}/svcomp-cactus-$(date +%Y%m%d-%H%M%S)
  fi
fi
mkdir -p "$outdir"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/svcomp-cactus.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

plot="" i=0 labels=" "
for arg in "$@"; do
  i=$((i + 1))
  case $arg in
    *=*) label=${arg%%=*} csv=${arg#*=} ;;
    *)
      csv=$arg
      label=$(basename "$(dirname "$csv")")
      # svcomp-ENGINE-YYYYMMDD-HHMMSS -> ENGINE
      label=$(printf '%s' "$label" | sed -E 's/^svcomp-(.*)-[0-9]{8}-[0-9]{6}$/\1/')
      ;;
  esac
  [ -f "$csv" ] || { echo "svcomp_cactus: no file $csv" >&2; continue; }
  case $labels in *" $label "*) label="$label ($i)" ;; esac
  labels+="$label "
  # columns by header name, so older or newer results.csv files work as long as they have
  # class and cpu
  awk -F, 'NR == 1 { for (k = 1; k <= NF; k++) col[$k] = k; next }
           $(col["class"]) == "correct-true" || $(col["class"]) == "correct-false" { print $(col["cpu"]) }' "$csv" |
    sort -g | awk '{ print NR, ($1 < 0.01 ? 0.01 : $1) }' >"$tmp/$i.dat"
  n=$(wc -l <"$tmp/$i.dat")
  label=${label//\'/}
  if [ "$n" -gt 0 ]; then
    plot+="${plot:+, }'$tmp/$i.dat' using 1:2 with linespoints pointsize 0.6 title '$label ($n)'"
  else
    echo "svcomp_cactus: $label has no correct answers" >&2
  fi
done
[ -n "$plot" ] || plot="NaN notitle"
title=${title//\"/\'}

rm -f "$outdir/cactus.svg" "$outdir/cactus.png"
png=png
gnuplot -e 'set terminal pngcairo' >/dev/null 2>&1 && png=pngcairo
for term in svg "$png"; do
  ext=$term
  [ "$term" = pngcairo ] && ext=png
  # (all points equal gives a harmless "empty y range" warning)
  gnuplot 2> >(grep -v 'empty y range' >&2) <<EOF
set terminal $term noenhanced size 900,600
set output '$outdir/cactus.$ext'
set title "$title"
set xlabel 'number of correctly answered tasks'
set ylabel 'CPU time (s)'
set logscale y
set xrange [0:*]
set key left top
set grid
plot $plot
EOF
done
wrote=""
for f in cactus.svg cactus.png; do [ -s "$outdir/$f" ] && wrote+="${wrote:+ and }$f"; done
if [ -n "$wrote" ]; then echo "svcomp_cactus: wrote $wrote in $outdir" >&2; else echo "svcomp_cactus: gnuplot drew nothing" >&2; exit 1; fi
