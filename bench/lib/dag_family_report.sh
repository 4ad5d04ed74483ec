#!/usr/bin/env bash
# bench/lib/dag_family_report.sh OUTDIR [CRAIG] [TIMEOUT] [KMIN] [KMAX]
#
# The report of a bench/dag_family.sh run from OUTDIR/results.csv
# (family,variant,k,engine,verdict,expected,cpu_s,refinements,arg_size,exit,class): writes
# OUTDIR/summary.md, and OUTDIR/time.dat, time.gp and (with gnuplot) time.svg and time.png. Can be run again
# on an old results folder; CRAIG, TIMEOUT, KMIN and KMAX only label the summary.
#
# Growth rates are fitted to the correct answers of one engine, family and variant whose CPU
# time is at least $DAG_FIT_MIN_S (default 0.05 s; below it the process start-up dominates):
# least squares on ln t, as an exponential t = a * b^k (b: the factor per step of k) and as a
# polynomial t = a * k^p (p: the degree); the fit with the smaller root-mean-square residual of
# ln t is named the better one. Also the geometric mean of t(k+1)/t(k) over successive k.
set -uo pipefail
export LC_ALL=C
if [ $# -lt 1 ] || [ ! -f "$1/results.csv" ]; then
  echo "usage: bench/lib/dag_family_report.sh OUTDIR [CRAIG] [TIMEOUT] [KMIN] [KMAX] (OUTDIR/results.csv needed)" >&2
  exit 2
fi
out=$1 craig=${2:-} timeout=${3:-?} kmin=${4:-?} kmax=${5:-?}
csv=$out/results.csv
fit_min=${DAG_FIT_MIN_S:-0.05}
version=""
[ -n "$craig" ] && version=$("$craig" --version 2>/dev/null | head -1)

{
  echo "# Generated families: DAG unrolling against tree unwinding"
  echo
  echo "- tasks: \`tasks/\` (bench/gen_dag_family.py), k = $kmin..$kmax, a TRUE and a FALSE variant per family and k"
  echo "- limit: $timeout s of CPU time per run (a one-task craig bench run each); the runs of an engine on a family and variant stop at its first timeout"
  echo "- craig: \`${craig:-?}\` (${version:-version unknown}); $(nproc 2>/dev/null) processors, $(date '+%Y-%m-%d %H:%M')"
  echo "- CPU time = user + system time of craig (bash \`times\` around the run)"
  echo
  echo "## Wrong verdicts"
  echo
  awk -F, 'NR > 1 && $11 ~ /^wrong/ { printf "- **%s on %s %s k=%s: said %s, expected %s** (%s s)\n", $4, $1, $2, $3, $5, toupper($6), $7 }' "$csv" |
    grep . || echo "none"
  echo
  echo "## Largest k solved and growth rate"
  echo
  echo "Solved = a correct verdict. The fits use the correct answers of at least ${fit_min} s of CPU"
  echo "(least squares on ln t): exponential t = a·b^k gives the factor b per step of k, polynomial"
  echo "t = a·k^p the degree p; \"better\" is the fit with the smaller RMS residual of ln t (in"
  echo "parentheses). Ratio: geometric mean of t(k+1)/t(k) over successive solved k. Fewer than 3"
  echo "points: no fit."
  echo
  awk -F, -v fmin="$fit_min" '
    NR == 1 { next }
    {
      key = $1 SUBSEP $2 SUBSEP $4
      if (!(key in seen)) { seen[key] = 1; K[++nk] = key }
      runs[key]++
      if ($11 ~ /^correct/) {
        solved[key]++
        if ($3 + 0 > best[key]) best[key] = $3 + 0
        t[key, $3 + 0] = $7 + 0
        if ($7 + 0 >= fmin) { n[key]++; X[key, n[key]] = $3 + 0; Y[key, n[key]] = log($7 + 0) }
      } else if (!(key in fail)) fail[key] = $3 " " tolower($5)
    }
    function fit(key, uselog,   i, m, sx, sy, sxx, sxy, x, b, a, r, e) {
      m = n[key]; sx = sy = sxx = sxy = 0
      for (i = 1; i <= m; i++) { x = uselog ? log(X[key, i]) : X[key, i]; sx += x; sy += Y[key, i]; sxx += x * x; sxy += x * Y[key, i] }
      if (m * sxx - sx * sx == 0) return 0
      b = (m * sxy - sx * sy) / (m * sxx - sx * sx); a = (sy - b * sx) / m
      r = 0
      for (i = 1; i <= m; i++) { x = uselog ? log(X[key, i]) : X[key, i]; e = Y[key, i] - a - b * x; r += e * e }
      slope = b; rms = sqrt(r / m)
      return 1
    }
    END {
      print "| family | variant | engine | runs | solved | largest k solved | first not solved | ratio t(k+1)/t(k) | exponential b | polynomial p | better fit |"
      print "|---|---|---|---:|---:|---:|---|---:|---:|---:|---|"
      for (i = 1; i <= nk; i++) {
        key = K[i]; split(key, P, SUBSEP)
        ratio = "-"; lr = 0; nr = 0
        for (k = 1; k <= 200; k++)
          if (((key, k) in t) && ((key, k + 1) in t) && t[key, k] >= fmin && t[key, k + 1] >= fmin) { lr += log(t[key, k + 1] / t[key, k]); nr++ }
        if (nr > 0) ratio = sprintf("%.2f", exp(lr / nr))
        eb = pp = better = "-"
        if (n[key] >= 3 && fit(key, 0)) {
          eb = sprintf("%.2f (%.2f)", exp(slope), rms); er = rms
          if (fit(key, 1)) { pp = sprintf("%.2f (%.2f)", slope, rms); better = (er <= rms) ? "exponential" : "polynomial" }
        }
        printf "| %s | %s | %s | %d | %d | %s | %s | %s | %s | %s | %s |\n", P[1], P[2], P[3], runs[key], solved[key],
          (key in best) ? best[key] : "-", (key in fail) ? fail[key] : "-", ratio, eb, pp, better
      }
    }' "$csv"
  echo
  echo "## CPU time per k"
  echo
  echo "Cells: CPU seconds of a correct answer, then [refinements/arg_size] where the engine reports"
  echo "them (impact: impact.refinements/impact.vertices; bmc: -/bmc.bound, the unrolling depth);"
  echo "otherwise the verdict (timeout, unknown, error, **WRONG**); empty: not run."
  for family in $(awk -F, 'NR > 1 && !s[$1]++ { print $1 }' "$csv"); do
    echo
    echo "### $family"
    echo
    awk -F, -v fam="$family" '
      NR == 1 || $1 != fam { next }
      {
        col = $4 " " $2
        if (!(col in seen)) { seen[col] = 1; C[++nc] = col }
        k = $3 + 0; if (!(k in ks)) { ks[k] = 1; KS[++nks] = k }
        if ($11 ~ /^correct/) {
          cell = sprintf("%.2f", $7)
          if ($8 != "" || $9 != "") cell = cell " [" ($8 == "" ? "-" : $8) "/" ($9 == "" ? "-" : $9) "]"
        } else if ($11 ~ /^wrong/) cell = "**WRONG " $5 "**"
        else cell = tolower($5)
        v[col, k] = cell
      }
      END {
        for (i = 2; i <= nks; i++) { x = KS[i]; for (j = i - 1; j >= 1 && KS[j] > x; j--) KS[j + 1] = KS[j]; KS[j + 1] = x }
        line = "| k |"; sep = "|---:|"
        for (c = 1; c <= nc; c++) { line = line " " C[c] " |"; sep = sep "---:|" }
        print line; print sep
        for (i = 1; i <= nks; i++) {
          line = "| " KS[i] " |"
          for (c = 1; c <= nc; c++) line = line " " (((C[c], KS[i]) in v) ? v[C[c], KS[i]] : "") " |"
          print line
        }
      }' "$csv"
  done
} >"$out/summary.md"

# The plot: one data block per engine, family and variant (correct answers only), CPU over k;
# one colour per family, one point type per engine, dashed lines for the FALSE variants.
awk -F, 'NR > 1 && $11 ~ /^correct/ { key = $4 " " $1 " " $2; if (!(key in s)) { s[key] = 1; K[++n] = key } d[key] = d[key] $3 " " ($7 < 0.01 ? 0.01 : $7) "\n" }
         END { for (i = 1; i <= n; i++) printf "# %s\n%s\n\n", K[i], d[K[i]] }' "$csv" >"$out/time.dat"
span=$(awk -F, 'NR > 1 { k = $3 + 0; if (lo == "" || k < lo) lo = k; if (k > hi) hi = k } END { print hi - lo }' "$csv")
{
  echo "# gnuplot -e \"set terminal svg noenhanced size 1000,600; set output 'time.svg'\" time.gp"
  echo "set title 'CPU time per task over k (correct answers only; limit $timeout s CPU)'"
  echo "set xlabel 'k'"
  echo "set ylabel 'CPU time (s)'"
  echo "set logscale y"
  echo "set xtics $(((${span:-0} + 14) / 15 > 0 ? (${span:-0} + 14) / 15 : 1))"
  echo "set key outside right top"
  echo "set grid"
  colours=("#1f77b4" "#d62728" "#2ca02c" "#9467bd" "#ff7f0e" "#8c564b" "#e377c2" "#17becf")
  declare -A family_colour=() engine_point=()
  plot="" i=0 nf=0 ne=0
  while IFS=' ' read -r engine family variant; do
    if [ -z "${family_colour[$family]:-}" ]; then family_colour[$family]=${colours[nf % ${#colours[@]}]}; nf=$((nf + 1)); fi
    if [ -z "${engine_point[$engine]:-}" ]; then engine_point[$engine]=$((ne * 2 + 5)); ne=$((ne + 1)); fi
    dash=1
    [ "$variant" = false ] && dash=2
    plot+="${plot:+, }'$out/time.dat' index $i using 1:2 with linespoints lc rgb '${family_colour[$family]}' dt $dash pt ${engine_point[$engine]} ps 0.8 title '$engine $family $variant'"
    i=$((i + 1))
  done < <(sed -n 's/^# //p' "$out/time.dat")
  echo "plot ${plot:-NaN notitle}"
} >"$out/time.gp"
if command -v gnuplot >/dev/null 2>&1; then
  png=png
  gnuplot -e 'set terminal pngcairo' >/dev/null 2>&1 && png=pngcairo
  for term in svg "$png"; do
    ext=$term
    [ "$term" = pngcairo ] && ext=png
    gnuplot -e "set terminal $term noenhanced size 1000,600; set output '$out/time.$ext'" "$out/time.gp" \
      2> >(grep -v 'empty y range' >&2)
  done
  echo "dag_family_report: wrote $out/time.svg and time.png" >&2
else
  echo "dag_family_report: gnuplot not found, no time.svg (time.gp draws it from time.dat)" >&2
fi
