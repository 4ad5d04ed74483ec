#!/usr/bin/env bash
# bench/chc.sh DIR TIMEOUT [ENGINE...] — craig chc (and z3, when installed) on the .smt2 files of
# DIR (CHC-COMP problems, logic HORN; below DIR at any depth), one `craig bench run` with one
# configuration per ENGINE and one for z3, each run held to TIMEOUT seconds of CPU time by the
# harness (the portfolio's members together) and to 10·TIMEOUT of wall clock (craig is told the
# latter as its --timeout). ENGINE defaults to the portfolio; several engines give one column
# each. z3 runs as the external configuration `z3=exec:z3 fp.engine=spacer` (SPACER=0: plain z3;
# Z3=0: not at all). CHC_JOBS runs at once (default 1).
#
# Output (CHC_OUT, default $CRAIG_BENCH_RESULTS/chc-DATE, which defaults to
# <repository>/../bench-results, outside the repository):
#   bench/         the results folder of craig bench run (manifest, runs, result XML, its CSV)
#   report/        craig bench report of it (index.html)
#   results.csv    file,solver,answer,cpu_s,exit — one row per file and solver, written from
#                  bench/results.csv (answer sat, unsat, unknown, timeout, error-N with N craig's
#                  or the solver's exit code, error-signal-N, error-memory; exit 10 of craig is a
#                  failed self-check)
#   summary.md     per solver sat/unsat/unknown counts, PAR-2 over the files (2·TIMEOUT for no
#                  answer), and every disagreement between two definite answers (which the run
#                  then fails on, as it does on a craig self-check failure: exit status 1)
#   cactus.svg, cactus.png (gnuplot; one line per solver through its k-th fastest definite answer)
# An ENGINE may carry options of craig chc after a colon, separated by commas
# (`bmc:--sat-integration=online`): its column is craig-bmc:--sat-integration=online, so one run
# compares settings of one engine side by side.
# ENGINE `none` runs no craig engine (z3 alone, e.g. as a second process on the other core);
# `bench/chc.sh --report OUT` writes OUT/summary.md again from OUT/results.csv (after the rows of
# runs on parts of a set were put into one file).
# CRAIG is the craig whose engines run (default <repository>/build/craig, passed as --craig);
# CRAIG_HARNESS the craig that runs `craig bench` (default CRAIG when it has `craig bench`, else
# <repository>/build/craig), so that CRAIG may be any program that behaves like craig chc.
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
  dir=$(cd "$1" && pwd) limit=$2
  shift 2
fi
engines=("$@")
[ ${#engines[@]} -gt 0 ] || engines=(portfolio)
[ "${engines[*]}" = none ] && engines=()
craig=${CRAIG:-$here/../build/craig}
[ -e "$craig" ] && craig=$(cd "$(dirname "$craig")" && pwd)/$(basename "$craig")
harness=${CRAIG_HARNESS:-}
if [ -z "$harness" ]; then
  harness=$craig
  "$harness" bench run --help 2>/dev/null </dev/null | grep -q -- --resume || harness=$here/../build/craig
fi
[ -n "$report_only" ] || out=${CHC_OUT:-${CRAIG_BENCH_RESULTS:-$here/../../bench-results}/chc-$(date +%Y-%m-%d-%H%M)}
csv=$out/results.csv

if [ -z "$report_only" ]; then
  mkdir -p "$out"
  # One configuration per engine (NAME: letters, digits, '-', '_', '.'; the column keeps the
  # ENGINE's spelling), and z3.
  configs=() labels=""
  for e in "${engines[@]}"; do
    spec=$e extra=()
    if [[ $spec == *:* ]]; then
      IFS=, read -r -a extra <<<"${spec#*:}"
      spec=${spec%%:*}
    fi
    name=craig-$(printf '%s' "$e" | tr -c 'A-Za-z0-9._-' '_')
    while grep -q "^$name " <<<"$labels"; do name=$name-2; done
    labels+="$name craig-$e"$'\n'
    configs+=(--config "$name=--engine $spec${extra[*]:+ ${extra[*]}}")
  done
  if [ "${Z3:-1}" != 0 ] && command -v z3 >/dev/null 2>&1; then
    if [ "${SPACER:-1}" = 1 ]; then configs+=(--config "z3=exec:z3 fp.engine=spacer"); else configs+=(--config "z3=exec:z3"); fi
    labels+="z3 z3"$'\n'
  fi
  if [ ${#configs[@]} -eq 0 ]; then
    echo "bench/chc.sh: nothing to run (ENGINE none and no z3)" >&2
    exit 2
  fi
  "$harness" bench run "$dir" --tool chc --timeout "$limit" --walltime $((10 * limit)) --jobs "${CHC_JOBS:-1}" \
    --craig "$craig" "${configs[@]}" --out "$out/bench" </dev/null
  rc=$?
  if [ "$rc" -ne 0 ]; then
    echo "bench/chc.sh: craig bench run failed (exit $rc)" >&2
    exit "$rc"
  fi
  "$harness" bench report "$out/bench" --out "$out/report" >/dev/null ||
    echo "bench/chc.sh: craig bench report failed" >&2
  # results.csv in this script's columns, from craig bench's (config,task,repetition,tool,status,
  # category,expected,cputime,walltime,memory,exit_code,signal,...); the file relative to DIR.
  python3 - "$out/bench/results.csv" "$(basename "$dir")/" "$labels" >"$csv" <<'PY'
import csv, sys
rows, prefix = csv.DictReader(open(sys.argv[1], newline="")), sys.argv[2]
label = dict(l.split(" ", 1) for l in sys.argv[3].splitlines() if l)
print("file,solver,answer,cpu_s,exit")
for r in rows:
    s = r["status"]
    if s in ("sat", "unsat", "unknown"): a = s
    elif s == "TIMEOUT": a = "timeout"
    elif s == "OUT OF MEMORY": a = "error-memory"
    elif r["exit_code"] != "-1": a = "error-" + r["exit_code"]
    else: a = "error-signal-" + r["signal"]
    task = r["task"][len(prefix):] if r["task"].startswith(prefix) else r["task"]
    print("%s,%s,%s,%.3f,%s" % (task, label.get(r["config"], r["config"]), a, float(r["cputime"]), r["exit_code"]))
PY
fi
have_z3=0
grep -q ',z3,' "$csv" && command -v z3 >/dev/null 2>&1 && have_z3=1

{
  echo "# craig chc on $dir"
  echo
  echo "- limit: $limit s of CPU time per run (craig bench run --timeout); craig: \`$craig\`; z3: $([ $have_z3 = 1 ] && z3 --version || echo absent)"
  echo "- $(nproc) processors, $(date '+%Y-%m-%d %H:%M')$([ -z "$report_only" ] && echo "; runs and report: \`$out/bench\`, \`$out/report/index.html\`")"
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
if grep -q '^- ' <(sed -n '/^## Disagreements/,/^## craig self-check/p' "$out/summary.md") ||
  awk -F, 'NR > 1 && $5 == 10 { f = 1 } END { exit !f }' "$csv"; then
  exit 1
fi
