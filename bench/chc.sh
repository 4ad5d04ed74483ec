#!/usr/bin/env bash
# bench/chc.sh DIR TIMEOUT [ENGINE...] — craig chc (and z3, when installed) on every .smt2 file
# of DIR (CHC-COMP problems, logic HORN), each run limited to TIMEOUT seconds of CPU time by the
# kernel (ulimit -t, as bench/svcomp.sh with SV_LIMIT=cpu; the portfolio's members are processes
# of their own, each with that limit). ENGINE defaults to the portfolio; several engines give
# one column each. z3 runs as `z3 fp.engine=spacer` (SPACER=0: plain z3; Z3=0: not at all).
#
# Output (CHC_OUT, default bench/results/chc-DATE): results.csv
#   file,solver,answer,cpu_s,exit
# (answer sat, unsat, unknown, timeout, error-N; exit 10 of craig is a failed self-check),
# summary.md: per solver sat/unsat/unknown counts, PAR-2 over the files (2·TIMEOUT for no
# answer), and every disagreement between two definite answers (which the run then fails on,
# as it does on a craig self-check failure: exit status 1), and cactus.svg and cactus.png
# (gnuplot; one line per solver through its k-th fastest definite answer).
# An ENGINE may carry options of craig chc after a colon, separated by commas
# (`bmc:--sat-integration=online`): its column is craig-bmc:--sat-integration=online, so one run
# compares settings of one engine side by side.
# ENGINE `none` runs no craig engine (z3 alone, e.g. as a second process on the other core);
# `bench/chc.sh --report OUT` writes OUT/summary.md again from OUT/results.csv (after the rows of
# runs on parts of a set were put into one file).
set -uo pipefail
export LC_ALL=C
here=$(cd "$(dirname "$0")" && pwd)
if [ "${1:-}" = --report ] && [ $# -eq 2 ] && [ -f "$2/results.csv" ]; then
  report_only=$2
elif [ $# -lt 2 ] || [ ! -d "$1" ]; then
  echo "usage: bench/chc.sh DIR TIMEOUT [ENGINE...]" >&2
  exit 2
fi
report_only=${report_only:-}
if [ -n "$report_only" ]; then
  out=$report_only
  limit=$(sed -n 's/^- limit: \([0-9.]*\) s.*/\1/p' "$out/summary.md" 2>/dev/null | head -1)
  limit=${limit:-${CHC_LIMIT:?bench/chc.sh --report: no summary.md to read the limit from; set CHC_LIMIT}}
  dir=$(sed -n 's/^# craig chc on //p' "$out/summary.md" 2>/dev/null | head -1)
  set --
else
dir=$1 limit=$2
shift 2
fi
engines=("$@")
[ ${#engines[@]} -gt 0 ] || engines=(portfolio)
[ "${engines[*]}" = none ] && engines=()
craig=${CRAIG:-$here/../build/craig}
[ -n "$report_only" ] || out=${CHC_OUT:-$here/results/chc-$(date +%Y-%m-%d-%H%M)}
mkdir -p "$out/parts"
source "$here/lib/svcomp_run.sh"  # sv_children_cpu

# run NAME CMD...: one run under the CPU limit; prints "answer,cpu,exit".
run() {
  local name=$1 t0 t1 rc answer
  shift
  t0=$out/parts/times0 t1=$out/parts/times1
  times >"$t0"
  {
    (
      ulimit -S -t "$limit" && ulimit -H -t $((limit + 5)) || exit 126
      exec timeout -k 5 $((10 * limit + 10)) "$@" >"$out/parts/$name.out" 2>"$out/parts/$name.err" </dev/null
    )
    rc=$?
  } 2>/dev/null
  times >"$t1"
  answer=$(grep -m1 -E '^(sat|unsat|unknown)$' "$out/parts/$name.out")
  case $rc in
    0 | 4 | 5) [ -n "$answer" ] || answer=unknown ;;
    124 | 137 | 152) answer=timeout ;;
    *) answer=error-$rc ;;
  esac
  [ "$answer" = unknown ] && [ "$rc" -eq 5 ] && answer=timeout
  echo "$answer,$(awk -v a="$(sv_children_cpu "$t0")" -v b="$(sv_children_cpu "$t1")" 'BEGIN { printf "%.3f", b - a }'),$rc"
}

csv=$out/results.csv
if [ -z "$report_only" ]; then
echo "file,solver,answer,cpu_s,exit" >"$csv"
solvers=()
for e in "${engines[@]}"; do solvers+=("craig-$e"); done
have_z3=0
if [ "${Z3:-1}" != 0 ] && command -v z3 >/dev/null 2>&1; then
  have_z3=1
  solvers+=(z3)
fi
for f in $(cd "$dir" && ls *.smt2 | sort); do
  for s in "${solvers[@]}"; do
    name=${f%.smt2}.$s
    if [ "$s" = z3 ]; then
      if [ "${SPACER:-1}" = 1 ]; then r=$(run "$name" z3 fp.engine=spacer "$dir/$f"); else r=$(run "$name" z3 "$dir/$f"); fi
    else
      spec=${s#craig-} extra=()
      if [[ $spec == *:* ]]; then
        IFS=, read -r -a extra <<<"${spec#*:}"
        spec=${spec%%:*}
      fi
      r=$(run "$name" "$craig" chc --engine "$spec" "${extra[@]}" --timeout $((10 * limit)) "$dir/$f")
    fi
    echo "$f,$s,$r" >>"$csv"
    echo "$f $s $r"
  done
done
else
  have_z3=0
  grep -q ',z3,' "$csv" && command -v z3 >/dev/null 2>&1 && have_z3=1
fi

{
  echo "# craig chc on $dir"
  echo
  echo "- limit: $limit s of CPU time per run (ulimit -t); craig: \`$craig\`; z3: $([ $have_z3 = 1 ] && z3 --version || echo absent)"
  echo "- $(nproc) processors, $(date '+%Y-%m-%d %H:%M')"
  echo
  echo "| solver | sat | unsat | unknown | timeout | error | PAR-2 (s) |"
  echo "|---|---|---|---|---|---|---|"
  awk -F, -v t="$limit" 'NR > 1 {
      s = $2; if (!(s in seen)) { seen[s] = 1; order[++n] = s }
      a = $3; c = $4 + 0
      if (a == "sat" || a == "unsat") { cnt[s, a]++; par[s] += (c > t ? 2 * t : c) }
      else { par[s] += 2 * t; if (a == "unknown") cnt[s, "unknown"]++; else if (a == "timeout") cnt[s, "timeout"]++; else cnt[s, "error"]++ }
    }
    END { for (i = 1; i <= n; i++) { s = order[i]
      printf "| %s | %d | %d | %d | %d | %d | %.1f |\n", s, cnt[s, "sat"], cnt[s, "unsat"], cnt[s, "unknown"], cnt[s, "timeout"], cnt[s, "error"], par[s] } }' "$csv"
  echo
  echo "## Disagreements (definite answers that differ)"
  echo
  awk -F, 'NR > 1 && ($3 == "sat" || $3 == "unsat") { if (($1) in ans && ans[$1] != $3) print "- " $1 ": " who[$1] " " ans[$1] ", " $2 " " $3; else { ans[$1] = $3; who[$1] = $2 } }' "$csv" | grep . || echo "none"
  echo
  echo "## craig self-check failures (exit 10) and errors"
  echo
  awk -F, 'NR > 1 && $3 ~ /^error/ { print "- " $1 " " $2 ": " $3 }' "$csv" | grep . || echo "none"
} >"$out/summary.md"
# Cactus plot: per solver, its k-th fastest definite answer (x: answers, y: CPU seconds, log).
if command -v gnuplot >/dev/null 2>&1; then
  plot=""
  for s in $(awk -F, 'NR > 1 && !seen[$2]++ { print $2 }' "$csv"); do
    awk -F, -v s="$s" 'NR > 1 && $2 == s && ($3 == "sat" || $3 == "unsat") { print $4 }' "$csv" | sort -g |
      awk '{ print NR, ($1 < 0.001 ? 0.001 : $1) }' >"$out/cactus-$s.dat"
    [ -s "$out/cactus-$s.dat" ] && plot="$plot${plot:+, }'$out/cactus-$s.dat' using 1:2 with linespoints title '$s'"
  done
  if [ -n "$plot" ]; then
    for term in "svg size 900,600" "pngcairo size 900,600"; do
      ext=${term%% *}; ext=${ext/pngcairo/png}
      gnuplot -e "set terminal $term; set output '$out/cactus.$ext'; set logscale y; set key left top;
        set xlabel 'files solved (sat or unsat)'; set ylabel 'CPU time (s)';
        set title 'craig chc on $(basename "$dir"), limit $limit s of CPU'; plot $plot" 2>/dev/null ||
        echo "bench/chc.sh: gnuplot could not draw cactus.$ext" >&2
    done
  fi
else
  echo "bench/chc.sh: gnuplot not found, no cactus plot" >&2
fi
cat "$out/summary.md"
rm -f "$out/parts/times0" "$out/parts/times1"
if grep -q '^- ' <(sed -n '/^## Disagreements/,/^## craig self-check/p' "$out/summary.md") ||
  awk -F, 'NR > 1 && $5 == 10 { f = 1 } END { exit !f }' "$csv"; then
  exit 1
fi
