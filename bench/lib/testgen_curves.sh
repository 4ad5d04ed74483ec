#!/usr/bin/env bash
# bench/lib/testgen_curves.sh OUTDIR [N=3] — the paper's curve for a bench/testgen.sh run: goals
# reached against backtracks, learning and no-learning, for the N tasks with the most goals.
# Reads OUTDIR/results.csv and OUTDIR/reached/TASK.MODE.txt ("backtracks goal" per reached goal,
# in order); writes OUTDIR/curves/TASK.dat (columns: mode index, backtracks, goals reached so far)
# and, with gnuplot, OUTDIR/curves/TASK.svg.
set -uo pipefail
export LC_ALL=C
out=$1 n=${2:-3}
mkdir -p "$out/curves"
tasks=$(awk -F, 'NR > 1 && $2 == "learning" && $4 != "" { print $4, $1 }' "$out/results.csv" | sort -k1,1nr | head -"$n" | cut -d' ' -f2)
for task in $tasks; do
  name=$(echo "$task" | tr '/' '_')
  dat=$out/curves/$name.dat
  : >"$dat"
  for mode in learning no-learning; do
    f=$out/reached/$name.$mode.txt
    [ -f "$f" ] || continue
    echo "# $mode" >>"$dat"
    awk '{ print $1, NR }' "$f" >>"$dat"
    printf '\n\n' >>"$dat"
  done
  command -v gnuplot >/dev/null 2>&1 || { echo "testgen_curves: gnuplot not found, no plot" >&2; continue; }
  gnuplot <<GP 2>/dev/null
set terminal svg noenhanced size 800,500
set output '$out/curves/$name.svg'
set title 'goals reached against backtracks: $task'
set xlabel 'backtracks'
set ylabel 'goals reached'
set key bottom right
plot '$dat' index 0 using 1:2 with steps title 'lazy annotation (learning)', \
     '$dat' index 1 using 1:2 with steps title 'DART baseline (no learning)'
GP
done
