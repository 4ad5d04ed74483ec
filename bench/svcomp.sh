#!/usr/bin/env bash
# bench/svcomp.sh DIR [TIMEOUT=60] [ENGINE] [JOBS=1]
#
# craig verify on every SV-COMP task below DIR that has an unreach-call property, in one
# `craig bench run` (one configuration: `--json` and, when ENGINE is given, `--engine ENGINE`;
# without ENGINE craig's default, the portfolio), JOBS runs at once. DIR is a directory (symbolic
# links below it are followed, so a set can be assembled from links to task folders), a name under
# $CRAIG_SVCOMP (default <repository>/../shared/bench/svcomp) or its c/ folder (`loops` means
# ../shared/bench/svcomp/c/loops), or suite:NAME (a named suite of craig bench, `craig bench
# suites`; $CRAIG_BENCH_SUITES is passed as --suites, the folder of the NAME.set files).
# Output (OUT = $CRAIG_BENCH_RESULTS/svcomp-LABEL-YYYYMMDD-HHMMSS, $CRAIG_BENCH_RESULTS defaulting
# to <repository>/../bench-results, outside the repository; LABEL is ENGINE or `default`):
#   bench/        the results folder of craig bench run (manifest, every run's command, output,
#                 witness and record, result XML, its results.csv)
#   report/       craig bench report of it (index.html)
#   results.csv   task,expected,result,reason,cpu,wall,exit,class,witness — one row per task,
#                 written from bench/results.csv and each run's output (its JSON line)
#   summary.md    counts per class and folder, score, CPU time, wrong answers, unsupported
#                 constructs, unknown reasons, errors, timeouts
#   cactus.svg, cactus.png  correctly solved tasks (x) against CPU time (y), only with gnuplot
# $CRAIG is the craig whose runs are made and measured (default <repository>/build/craig, passed
# as --craig), $CRAIG_HARNESS the craig that runs `craig bench` (default CRAIG when it has
# `craig bench`, else <repository>/build/craig), so that CRAIG may be any program that behaves
# like craig verify. $CRAIG_VERIFY_ARGS adds options to every run (split at blanks, e.g.
# "--itp-bool pudlak --itp-lra dual-farkas"); LABEL then is ENGINE (or default) followed by the
# options without dashes, joined by '-', so that the cactus plot labels the runs apart.
# Limits (craig bench's): CRAIG_BENCH_LIMIT=wall (the default) is `--timeout TIMEOUT`: TIMEOUT s
# of CPU time (the portfolio's members together) and TIMEOUT + 2 s of wall clock, craig told
# --timeout TIMEOUT; CRAIG_BENCH_LIMIT=cpu is `--timeout TIMEOUT --walltime 10·TIMEOUT`: TIMEOUT s
# of CPU time, 10·TIMEOUT of wall clock (craig told that), so that a loaded machine slows the runs
# but does not change them. A run over its CPU limit is a timeout whatever it printed.
# CRAIG_BENCH_RESUME=OUT continues an interrupted run in OUT (`craig bench run --resume OUT/bench`,
# which refuses another set, engine, options, limit or binary): the runs without a record are
# made, then results.csv, summary.md and the report are written again.
# See bench/README.md ("SV-COMP: craig verify") for how to read the output.
set -uo pipefail
export LC_ALL=C
here=$(cd "$(dirname "$0")" && pwd)

if [ $# -lt 1 ] || [ $# -gt 4 ]; then
  echo "usage: bench/svcomp.sh DIR|suite:NAME [TIMEOUT=60] [ENGINE] [JOBS=1]" >&2
  exit 2
fi
target=$1 timeout=${2:-60} engine=${3:-} jobs=${4:-1}
case $timeout in '' | *[!0-9]* | 0) echo "bench/svcomp.sh: TIMEOUT must be whole seconds, not '$timeout'" >&2; exit 2 ;; esac
case $jobs in '' | *[!0-9]* | 0) echo "bench/svcomp.sh: JOBS must be a positive number, not '$jobs'" >&2; exit 2 ;; esac
top=$(git -C "$here" rev-parse --show-toplevel 2>/dev/null || (cd "$here/.." && pwd))
svcomp=${CRAIG_SVCOMP:-$top/../shared/bench/svcomp}
dir=""
case $target in
  suite:?*) set=$target ;;
  *)
    for d in "$target" "$svcomp/$target" "$svcomp/c/$target"; do
      if [ -d "$d" ]; then dir=$(cd "$d" && pwd); break; fi
    done
    if [ -z "$dir" ]; then
      echo "bench/svcomp.sh: no directory $target (nor under $svcomp or $svcomp/c)" >&2
      exit 2
    fi
    set=$dir
    ;;
esac
craig=${CRAIG:-$top/build/craig}
[ -e "$craig" ] && craig=$(cd "$(dirname "$craig")" && pwd)/$(basename "$craig")
harness=${CRAIG_HARNESS:-}
if [ -z "$harness" ]; then
  harness=$craig
  "$harness" bench run --help 2>/dev/null </dev/null | grep -q -- --resume || harness=$top/build/craig
fi
if [ ! -x "$harness" ]; then
  echo "bench/svcomp.sh: no craig to run craig bench ($harness; set CRAIG_HARNESS)" >&2
  exit 2
fi

limit=${CRAIG_BENCH_LIMIT:-wall}
case $limit in
  wall) limits=(--timeout "$timeout") ;;
  cpu) limits=(--timeout "$timeout" --walltime $((10 * timeout))) ;;
  *) echo "bench/svcomp.sh: CRAIG_BENCH_LIMIT must be wall or cpu, not '$limit'" >&2; exit 2 ;;
esac
extra=${CRAIG_VERIFY_ARGS:-}
label=${engine:-default}
if [ -n "$extra" ]; then
  label=$label-$(echo "$extra" | tr -s ' ' '\n' | sed 's/^-*//' | grep . | paste -sd- -)
fi
label=$(printf '%s' "$label" | tr -c 'A-Za-z0-9._-' '_')
args="--json${engine:+ --engine $engine}${extra:+ $extra}"
if [ -n "${CRAIG_BENCH_RESUME:-}" ]; then
  out=$(cd "$CRAIG_BENCH_RESUME" 2>/dev/null && pwd) || { echo "bench/svcomp.sh: no folder $CRAIG_BENCH_RESUME to resume" >&2; exit 2; }
  if [ ! -f "$out/bench/manifest.txt" ]; then
    echo "bench/svcomp.sh: $out is no results folder of bench/svcomp.sh (no bench/manifest.txt)" >&2
    exit 2
  fi
  where=(--resume "$out/bench")
else
  out=${CRAIG_BENCH_RESULTS:-$top/../bench-results}/svcomp-$label-$(date +%Y%m%d-%H%M%S)
  mkdir -p "$out" || exit 2
  out=$(cd "$out" && pwd)
  where=(--out "$out/bench")
fi
echo "bench/svcomp.sh: $set, ${engine:-the default configuration}${extra:+ ($extra)}, ${timeout} s ($limit)," \
  "$jobs job(s); results in $out" >&2

# craig bench's progress (stdout) and notes (stderr) both to stderr, and into bench.log (its
# "left out" notes count the task files without an unreach-call property).
"$harness" bench run "$set" --tool verify "${limits[@]}" --jobs "$jobs" --craig "$craig" \
  --config "$label=$args" "${where[@]}" ${CRAIG_BENCH_SUITES:+--suites "$CRAIG_BENCH_SUITES"} </dev/null 2>&1 |
  tee "$out/bench.log" >&2
rc=${PIPESTATUS[0]}
nleft=$(grep -c 'no unreach-call property, left out' "$out/bench.log")
if [ "$rc" -ne 0 ]; then
  if grep -q 'error: the sets hold no task' "$out/bench.log"; then
    echo "bench/svcomp.sh: none of the $nleft task files under $set has an unreach-call property" >&2
  elif [ "$rc" -eq 5 ]; then
    echo "bench/svcomp.sh: interrupted; CRAIG_BENCH_RESUME=$out bench/svcomp.sh ... continues the run" >&2
  else
    echo "bench/svcomp.sh: craig bench run failed or refused (exit $rc)" >&2
  fi
  [ -n "${CRAIG_BENCH_RESUME:-}" ] || [ -f "$out/bench/manifest.txt" ] || rm -rf "$out"
  exit "$rc"
fi
"$harness" bench report "$out/bench" --out "$out/report" >/dev/null ||
  echo "bench/svcomp.sh: craig bench report failed" >&2

# results.csv in this script's columns, from craig bench's (config,task,repetition,tool,status,
# category,expected,cputime,walltime,memory,exit_code,signal,termination,score,log,witness) and
# the run's output: its last non-empty line, craig's JSON verdict, gives reason and construct.
csv=$out/results.csv
python3 "$here/lib/bench_rows.py" "$out/bench" "$label" "$([ -n "$dir" ] && basename "$dir")" "$timeout" "${limits[-1]}" >"$csv"
[ $? -eq 0 ] && [ -s "$csv" ] || { echo "bench/svcomp.sh: could not write $csv" >&2; exit 1; }

# summary.md
section() {  # section TITLE: a Markdown section of the lines on stdin, "none" without any
  local body
  body=$(cat)
  printf '\n## %s\n\n%s\n' "$1" "${body:-none}"
}
counted() {  # the lines on stdin as "- LINE: COUNT", most frequent first
  sort | uniq -c | sort -k1,1nr -k2 | awk '{ c = $1; sub(/^[[:space:]]*[0-9]+[[:space:]]/, ""); printf "- %s: %d\n", $0, c }'
}
ntasks=$(($(wc -l <"$csv") - 1))
version=$("$craig" --version 2>/dev/null | head -1)
runs=$out/bench/runs/$label/$([ -n "$dir" ] && basename "$dir" || echo ...)
{
  echo "# SV-COMP unreach-call: craig verify ${engine:+--engine $engine}$([ -n "$engine" ] || echo "(default configuration)")${extra:+ $extra}"
  echo
  echo "- tasks: \`$set\`, $ntasks of $((ntasks + nleft)) task files have an unreach-call property"
  if [ "$limit" = cpu ]; then
    echo "- limit ${timeout} s of CPU time per task, $((10 * timeout)) s of wall clock (craig bench run" \
      "\`--timeout $timeout --walltime $((10 * timeout))\`; craig told \`--timeout $((10 * timeout))\`),"
  else
    echo "- timeout ${timeout} s per task: ${timeout} s of CPU time and $((timeout + 2)) s of wall clock" \
      "(craig bench run \`--timeout $timeout\`; craig told \`--timeout $timeout\`),"
  fi
  echo "  $jobs job(s) in parallel, $(nproc 2>/dev/null) processors, $(date '+%Y-%m-%d %H:%M')"
  echo "- craig: \`$craig\` (${version:-not runnable}); runs and report: \`$out/bench\`, \`$out/report/index.html\`"
  echo "- CPU time = user + system time of craig's process group (craig bench), wall = elapsed time"
  echo
  awk -F, -v top="$([ -n "$dir" ] && basename "$dir" || echo "${set#suite:}")" '
    function group(task,   n, P) { n = split(task, P, "/"); return n > 1 ? P[n - 1] : top }
    NR == 1 { next }
    {
      g = group($1); c = $8
      if (!(g in seen)) { seen[g] = 1; G[++ng] = g }
      for (k = 0; k <= 1; k++) {
        x = k ? "total" : g
        n[x]++; cnt[x, c]++
        if (c == "correct-true" || c == "correct-false") cpu[x] += $5
        if ($3 == "FALSE" && $9 == "no") nowit[x]++
        if (c == "correct-true") score[x] += 2
        else if (c == "correct-false") score[x] += 1
        else if (c == "wrong-true") score[x] -= 32
        else if (c == "wrong-false") score[x] -= 16
      }
    }
    END {
      for (i = 2; i <= ng; i++) { v = G[i]; for (j = i - 1; j >= 1 && G[j] > v; j--) G[j + 1] = G[j]; G[j + 1] = v }
      G[++ng] = "total"
      print "| folder | tasks | correct true | correct false | wrong true | wrong false | unknown | unsupported | timeout | error | FALSE without witness | score | CPU of correct (s) |"
      print "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
      for (i = 1; i <= ng; i++) {
        g = G[i]; b = (g == "total") ? "**" : ""
        printf "| %s%s%s | %d | %d | %d | %d | %d | %d | %d | %d | %d | %d | %d | %.2f |\n", b, g, b, n[g],
          cnt[g, "correct-true"], cnt[g, "correct-false"], cnt[g, "wrong-true"], cnt[g, "wrong-false"],
          cnt[g, "unknown"], cnt[g, "unsupported"], cnt[g, "timeout"], cnt[g, "error"], nowit[g], score[g], cpu[g]
      }
      if (cnt["total", "unchecked"] > 0)
        printf "\n%d task(s) answered TRUE/FALSE without an expected verdict (not counted above).\n", cnt["total", "unchecked"]
    }' "$csv"
  echo
  echo "wrong true = said TRUE, expected false; wrong false = said FALSE, expected true. Score as in"
  echo "SV-COMP: +2 correct true, +1 correct false, -32 wrong true, -16 wrong false. Timeout includes"
  echo "the memory limit (exit 5); error is any other exit code, a signal or no verdict line. Each"
  echo "run's command, output, standard error and witness: \`$runs/TASK/1/\`."
  awk -F, 'NR > 1 && $8 ~ /^wrong/ { printf "- **`%s`: said %s, expected %s** (%s s CPU)\n", $1, $3, $2, $5 }' "$csv" |
    section "Wrong answers"
  awk -F, 'NR > 1 && $8 == "unsupported" { r = $4; sub(/.*: /, "", r); print r }' "$csv" | counted |
    section "Unsupported constructs"
  awk -F, 'NR > 1 && $8 == "unknown" { print ($4 == "" ? "(no reason)" : $4) }' "$csv" | counted | section "Unknown (reasons)"
  awk -F, 'NR > 1 && $8 == "error" { printf "- `%s`: %s\n", $1, $4 }' "$csv" | section "Errors"
  awk -F, 'NR > 1 && $3 == "FALSE" && $9 == "no" { printf "- `%s` (%s)\n", $1, $8 }' "$csv" | section "FALSE without a witness file"
  awk -F, 'NR > 1 && $8 == "timeout" { printf "- `%s`: %s (%s s wall)\n", $1, $4, $6 }' "$csv" | section "Timeouts"
} >"$out/summary.md"

wrote="results.csv,summary.md"
[ -f "$out/report/index.html" ] && wrote+=",report/index.html"
if command -v gnuplot >/dev/null 2>&1; then
  bash "$here/lib/svcomp_cactus.sh" -o "$out" -t "${dir:+$(basename "$dir")}${dir:-$set}: CPU time per correct answer (timeout $timeout s)" \
    "$label=$csv"
  for f in cactus.svg cactus.png; do [ -s "$out/$f" ] && wrote+=",$f"; done
else
  echo "bench/svcomp.sh: gnuplot not found, no cactus plot" >&2
fi
sed -n '/^| folder/,/^$/p' "$out/summary.md"
echo "bench/svcomp.sh: wrote $out/{$wrote}" >&2
