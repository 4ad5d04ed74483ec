#!/usr/bin/env bash
# bench/summaries_revisions.sh PAIRS_DIR [TIMEOUT=60]
#
# Issue 21, revision pairs (UpProver, Asadi's thesis Ch. 4): incremental verification of a revision
# with the function summaries of the old version, against verification from scratch. PAIRS_DIR is
# what bench/gen_revisions.py wrote (pairs.csv and the OLD/NEW tasks). Per pair, one after the other
# (so that a change of the machine's load hits all three alike), each under a CPU-time limit of
# TIMEOUT s, each a one-task `craig bench run` (as lib/svcomp_run.sh's sv_one_task; the wall
# clock gets 10x the time):
#   bootstrap    craig verify --engine summaries --summaries-file F --stats --json OLD.yml
#                (F = summaries/PAIR.old.smt2, fresh)
#   incremental  F copied to F2 = summaries/PAIR.new.smt2, then
#                craig verify --engine summaries --summaries-file F2 --summaries-revision-of OLD.c --stats --json NEW.yml
#                (not run when the bootstrap left no F: result SKIPPED)
#   scratch      craig verify --engine summaries --stats --json NEW.yml
# Writes into ${CRAIG_BENCH_RESULTS:-../bench-results}/summaries-revisions-<date>/:
#   results.csv  one line per pair: the three results and CPU times, and the incremental run's
#                summaries.revision.{changed,new-functions,validated,kept,weakened,invalidated,
#                strengthened,refined,time} and summaries.refined (and the scratch run's)
#   runs.csv     one line per run: pair,run,task,expected,result,reason,cpu,wall,exit,class
#   summary.md   wrong verdicts and craig errors first (loud), then totals per source, change and
#                flavour (pairs, solved, median CPU incremental vs scratch, summed counts), then
#                one line per pair
#   runs/RUN/    json/PAIR.json (the JSON line with --stats), cmd/PAIR.sh (the exact command),
#                stderr/PAIR.txt (craig's stderr when not empty), logs/PAIR.log (wrong or error)
#   summaries/   the summary files
# A wrong verdict (TRUE for an expected false task or FALSE for an expected true one; UNKNOWN is not
# wrong: the engine is bounded) in any run is printed on stderr and in summary.md and makes the exit
# status 1; a craig error (exit status other than 0, 4, 5 or the CPU limit's) is reported likewise
# but does not change the exit status.
# Environment: CRAIG (default <repository>/build/craig), CRAIG_VERIFY_ARGS (added to every run, e.g.
# "--itp-lra decomposed-farkas --summaries-unwind 4"), CRAIG_BENCH_RESULTS.
# See bench/README.md ("Revision pairs (issue 21)").
set -uo pipefail
export LC_ALL=C
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib/svcomp_run.sh"   # sv_json_string, sv_json_number, sv_csv_field

usage='usage: bench/summaries_revisions.sh PAIRS_DIR [TIMEOUT=60]'
if [ $# -lt 1 ] || [ $# -gt 2 ]; then echo "$usage" >&2; exit 2; fi
pairs=$1 timeout=${2:-60}
case $timeout in '' | *[!0-9]* | 0) echo "bench/summaries_revisions.sh: TIMEOUT must be a positive number ($usage)" >&2; exit 2 ;; esac
if [ ! -f "$pairs/pairs.csv" ]; then
  echo "bench/summaries_revisions.sh: no $pairs/pairs.csv (write the pairs with bench/gen_revisions.py PAIRS_DIR)" >&2
  exit 2
fi
pairs=$(cd "$pairs" && pwd)
top=$(git -C "$here" rev-parse --show-toplevel 2>/dev/null || (cd "$here/.." && pwd))
craig=${CRAIG:-$top/build/craig}
[ -e "$craig" ] && craig=$(cd "$(dirname "$craig")" && pwd)/$(basename "$craig")
if [ ! -x "$craig" ]; then
  echo "bench/summaries_revisions.sh: $craig is not an executable (build it with ./run.sh build, or set CRAIG)" >&2
  exit 2
fi
if ! "$craig" verify --list-engines 2>/dev/null | sed -n 's/^\([^[:space:]:][^[:space:]:]*\).*/\1/p' | grep -qxF summaries; then
  echo "bench/summaries_revisions.sh: $craig has no engine 'summaries' (craig verify --list-engines)" >&2
  exit 2
fi
read -r -a extra <<<"${CRAIG_VERIFY_ARGS:-}"

stamp=$(date +%Y%m%d-%H%M%S)
out=${CRAIG_BENCH_RESULTS:-$here/../../bench-results}/summaries-revisions-$stamp
mkdir -p "$out/summaries"
out=$(cd "$out" && pwd)
for run in bootstrap incremental scratch; do
  mkdir -p "$out/runs/$run/json" "$out/runs/$run/cmd" "$out/runs/$run/stderr" "$out/runs/$run/logs" "$out/runs/$run/parts"
done

# yml_input YML: the task's C file (absolute), from its input_files line.
yml_input() {
  local f
  f=$(sed -n "s/^input_files:[[:space:]]*['\"]\{0,1\}\([^'\"]*\)['\"]\{0,1\}[[:space:]]*$/\1/p" "$1" | head -1)
  printf '%s/%s\n' "$(cd "$(dirname "$1")" && pwd)" "$f"
}

# rev_run RUN PAIR YML EXPECTED ARGS...: one craig run as a one-task `craig bench run` (its CPU
# limit TIMEOUT s, the wall clock 10x, its measurement; the row from lib/bench_rows.py, judged
# against EXPECTED), with the command and craig's stderr kept. Sets r_result r_reason r_cpu r_wall
# r_rc r_class r_json.
rev_run() {
  local run=$1 pair=$2 yml=$3 expected=$4
  shift 4
  local d=$out/runs/$run row folder cls
  local bdir=$d/parts/$pair.bench
  rm -rf "$bdir"
  local -a cmd=("$craig" bench run "$yml" --tool verify --craig "$craig" --jobs 1 --timeout "$timeout"
    --walltime $((10 * timeout)) --out "$bdir" --config "run=--engine summaries $* ${extra[*]} --json")
  { printf '%q ' "${cmd[@]}"; echo; } >"$d/cmd/$pair.sh"
  "${cmd[@]}" >/dev/null 2>"$bdir.log" </dev/null
  row=$(python3 "$here/lib/bench_rows.py" "$bdir" run "" "$timeout" $((10 * timeout)) 2>>"$bdir.log" | sed -n 2p)
  folder=$(find "$bdir/runs/run" -mindepth 2 -maxdepth 2 -type d 2>/dev/null | head -n 1)
  if [ -z "$row" ] || [ -z "$folder" ]; then
    row="-,-,-,craig bench run failed: $(sv_csv_field "$(tail -n 1 "$bdir.log" 2>/dev/null)"),0,0,127,error,no"
  fi
  IFS=, read -r _ _ r_result r_reason r_cpu r_wall r_rc cls _ <<<"$row"
  r_json=""
  [ -n "$folder" ] && r_json=$(grep -v '^[[:space:]]*$' "$folder/output.log" | tail -n 1)
  case $r_json in "{"*"}") ;; *) r_json="" ;; esac
  printf '%s\n' "$r_json" >"$d/json/$pair.json"
  case $cls in
    correct-* | wrong-* | unchecked)
      if [ "${r_result,,}" = "$expected" ]; then r_class=correct; else r_class=wrong; fi ;;
    *) r_class=$cls ;;
  esac
  if [ "$r_class" = timeout ] || [ "$r_class" = unsupported ]; then r_result=${r_class^^}; fi
  [ "$r_class" = error ] && r_result=ERROR
  if [ -n "$folder" ] && [ -s "$folder/stderr.log" ]; then cp "$folder/stderr.log" "$d/stderr/$pair.txt"; fi
  if [ "$r_class" = wrong ] || [ "$r_class" = error ]; then
    {
      echo "# $(cat "$d/cmd/$pair.sh")"
      echo "# exit $r_rc, cpu ${r_cpu}s, wall ${r_wall}s, expected $expected, class $r_class"
      echo "# stdout"; cat "$folder/output.log" 2>/dev/null
      echo "# stderr"; cat "$folder/stderr.log" "$bdir.log" 2>/dev/null
    } >"$d/logs/$pair.log"
  fi
  echo "$pair,$run,$(sv_csv_field "${yml#"$pairs"/}"),$expected,$r_result,$(sv_csv_field "$r_reason"),$r_cpu,$r_wall,$r_rc,$r_class" >>"$out/runs.csv"
  rm -rf "$bdir" "$bdir.log"
}

stat() { local v; v=$(sv_json_number "$1" "$2"); printf '%s' "${v:--}"; }

echo "pair,run,task,expected,result,reason,cpu,wall,exit,class" >"$out/runs.csv"
csv=$out/results.csv
echo "pair,source,change,flavour,old_expected,new_expected,boot_result,boot_cpu,inc_result,inc_cpu,scratch_result,scratch_cpu,boot_class,inc_class,scratch_class,changed,new_functions,validated,kept,weakened,invalidated,strengthened,rev_refined,rev_time,inc_summaries_refined,scratch_summaries_refined" >"$csv"
npairs=$(($(wc -l <"$pairs/pairs.csv") - 1))
echo "bench/summaries_revisions.sh: $npairs pairs from $pairs, ${timeout} s of CPU per run${CRAIG_VERIFY_ARGS:+, options $CRAIG_VERIFY_ARGS}; results in $out" >&2
wrong=0 errors=0 start_all=$(date +%s)
while IFS=, read -r pair source change flavour old_yml new_yml old_exp new_exp; do
  [ "$pair" = pair ] && continue
  old=$pairs/$old_yml new=$pairs/$new_yml
  oldc=$(yml_input "$old")
  f=$out/summaries/$pair.old.smt2 f2=$out/summaries/$pair.new.smt2
  rm -f "$f" "$f2"
  rev_run bootstrap "$pair" "$old" "$old_exp" --summaries-file "$f"
  b_res=$r_result b_cpu=$r_cpu b_class=$r_class
  if [ -s "$f" ]; then
    cp "$f" "$f2"
    rev_run incremental "$pair" "$new" "$new_exp" --summaries-file "$f2" --summaries-revision-of "$oldc"
    i_res=$r_result i_cpu=$r_cpu i_class=$r_class i_json=$r_json
  else
    i_res=SKIPPED i_cpu=- i_class=skipped i_json=""
    echo "$pair,incremental,$(sv_csv_field "$new_yml"),$new_exp,SKIPPED,the bootstrap wrote no summaries,-,-,-,skipped" >>"$out/runs.csv"
  fi
  rev_run scratch "$pair" "$new" "$new_exp"
  s_res=$r_result s_cpu=$r_cpu s_class=$r_class s_json=$r_json
  counts=""
  for key in changed new-functions validated kept weakened invalidated strengthened refined time; do
    counts+=,$(stat "$i_json" "summaries\\.revision\\.$key")
  done
  echo "$pair,$source,$change,$flavour,$old_exp,$new_exp,$b_res,$b_cpu,$i_res,$i_cpu,$s_res,$s_cpu,$b_class,$i_class,$s_class$counts,$(stat "$i_json" 'summaries\.refined'),$(stat "$s_json" 'summaries\.refined')" >>"$csv"
  echo "bench/summaries_revisions.sh: $pair: bootstrap $b_res ${b_cpu}s, incremental $i_res ${i_cpu}s, scratch $s_res ${s_cpu}s (expected $old_exp -> $new_exp)" >&2
  for c in "bootstrap:$b_class:$b_res:$old_exp" "incremental:$i_class:$i_res:$new_exp" "scratch:$s_class:$s_res:$new_exp"; do
    IFS=: read -r run cl res exp <<<"$c"
    if [ "$cl" = wrong ]; then
      wrong=$((wrong + 1))
      echo "bench/summaries_revisions.sh: *** WRONG VERDICT: $run said $res on $pair, expected $exp; reproduce: $(cat "$out/runs/$run/cmd/$pair.sh") ***" >&2
    elif [ "$cl" = error ]; then
      errors=$((errors + 1))
      echo "bench/summaries_revisions.sh: *** craig error in $run on $pair (log: $out/runs/$run/logs/$pair.log) ***" >&2
    fi
  done
done <"$pairs/pairs.csv"
for run in bootstrap incremental scratch; do
  rm -rf "$out/runs/$run/parts"
  rmdir "$out/runs/$run/logs" "$out/runs/$run/stderr" 2>/dev/null
done
echo "bench/summaries_revisions.sh: ran in $(($(date +%s) - start_all)) s" >&2

# ---- summary.md ----
version=$("$craig" --version 2>/dev/null | head -1)
{
  echo "# Revision pairs: incremental verification with function summaries (issue 21)"
  echo
  [ "$wrong" -gt 0 ] && { echo "**$wrong WRONG VERDICT(S): see below.**"; echo; }
  [ "$errors" -gt 0 ] && { echo "**$errors craig error(s): see below.**"; echo; }
  echo "- pairs: \`$pairs\` ($npairs, bench/gen_revisions.py)"
  echo "- runs: bootstrap \`craig verify --engine summaries --summaries-file F OLD.yml\`, incremental" \
    "\`--summaries-file F2 --summaries-revision-of OLD.c NEW.yml\` (F2 a copy of F), scratch \`NEW.yml\`; all with" \
    "\`--stats --json\`${CRAIG_VERIFY_ARGS:+ and \`$CRAIG_VERIFY_ARGS\`}"
  echo "- limit: $timeout s of CPU time per run (a one-task craig bench run each); craig: \`$craig\` (${version:-version unknown});" \
    "$(nproc 2>/dev/null) processors, load $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null), $(date '+%Y-%m-%d %H:%M')"
  echo
  echo "## Wrong verdicts"
  echo
  awk -F, 'NR > 1 && $10 == "wrong" { printf "- **WRONG: %s on %s (`%s`) said %s, expected %s** (%s s CPU)\n", $2, $1, $3, $5, toupper($4), $7 }' "$out/runs.csv" |
    grep . || echo "none"
  if [ "$wrong" -gt 0 ]; then
    echo
    echo "Commands to reproduce (as run):"
    echo
    awk -F, 'NR > 1 && $10 == "wrong" { print $2 " " $1 }' "$out/runs.csv" | while read -r run pair; do
      echo "    $(cat "$out/runs/$run/cmd/$pair.sh")"
    done
  fi
  echo
  echo "## craig errors (exit status other than 0, 4, 5 or the CPU limit)"
  echo
  awk -F, 'NR > 1 && $10 == "error" { printf "- **%s on %s: %s** (log `runs/%s/logs/%s.log`)\n", $2, $1, $6, $2, $1 }' "$out/runs.csv" |
    grep . || echo "none"
  echo
  nerr=$(find "$out/runs" -path '*/stderr/*.txt' 2>/dev/null | wc -l)
  echo "Runs with output on stderr: $nerr$([ "$nerr" -gt 0 ] && echo " (runs/RUN/stderr/; first lines below)")"
  if [ "$nerr" -gt 0 ]; then
    echo
    find "$out/runs" -path '*/stderr/*.txt' | sort | while read -r e; do
      printf -- '- `%s`: %s\n' "${e#"$out"/}" "$(head -c 300 "$e" | head -n 2 | tr '\n`' ' \047')"
    done
  fi
  echo
  echo "## Totals per source, change and flavour"
  echo
  echo "solved: correct TRUE/FALSE (UNKNOWN, a bounded answer, is not solved and not wrong). CPU: median"
  echo "seconds over the pairs on which incremental and scratch both finished (a verdict or UNKNOWN within"
  echo "the limit; n = how many); ratio = median scratch / median incremental (above 1: incremental faster;"
  echo "times under 0.01 s count as 0.01 s). The counts are summed over the incremental runs"
  echo "(\`summaries.revision.*\`; refined(rev) = summaries.revision.refined, refined = summaries.refined of"
  echo "the incremental run and, after the slash, of the scratch run)."
  echo
  awk -F, '
    function med(key,   n, i, j, v, a) {
      n = split(T[key], a, " ")
      for (i = 2; i <= n; i++) { v = a[i] + 0; for (j = i - 1; j >= 1 && a[j] + 0 > v; j--) a[j + 1] = a[j]; a[j + 1] = v }
      if (n == 0) return -1
      return (n % 2) ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
    }
    function num(x) { return (x == "-" || x == "") ? 0 : x }
    function done(cl) { return cl == "correct" || cl == "unknown" }
    NR == 1 { next }
    {
      g[1] = $2 " | " $3 " | " $4; g[2] = $2 " | all | all"; g[3] = "**all** | | "
      sr = ($2 == "generated") ? 1 : ($2 == "dev") ? 2 : 3
      cr = ($3 == "constant") ? 1 : ($3 == "branch") ? 2 : ($3 == "function") ? 3 : 4
      fr = ($4 == "safe") ? 1 : ($4 == "bug") ? 2 : 3
      o[1] = sr * 100 + cr * 10 + fr; o[2] = sr * 100 + 99; o[3] = 999
      for (k = 1; k <= 3; k++) {
        x = g[k]
        if (!(x in P)) { P[x] = 0; G[++ng] = x; ord[x] = o[k] }
        P[x]++
        if ($13 == "correct") SB[x]++
        if ($14 == "correct") SI[x]++
        if ($15 == "correct") SS[x]++
        if ($13 == "wrong" || $14 == "wrong" || $15 == "wrong") W[x]++
        if (done($14) && done($15)) {
          N[x]++
          T[x, "i"] = T[x, "i"] " " ($10 < 0.01 ? 0.01 : $10)
          T[x, "s"] = T[x, "s"] " " ($12 < 0.01 ? 0.01 : $12)
          if (done($13)) T[x, "b"] = T[x, "b"] " " ($8 < 0.01 ? 0.01 : $8)
        }
        for (c = 16; c <= 26; c++) S[x, c] += num($c)
      }
    }
    END {
      for (i = 2; i <= ng; i++) { v = G[i]; for (j = i - 1; j >= 1 && ord[G[j]] > ord[v]; j--) G[j + 1] = G[j]; G[j + 1] = v }
      print "| source | change | flavour | pairs | solved bootstrap | solved incremental | solved scratch | n | median CPU bootstrap | median CPU incremental | median CPU scratch | ratio | changed | new | validated | kept | weakened | invalidated | strengthened | refined(rev) | revision time (s) | refined | wrong |"
      print "|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
      for (i = 1; i <= ng; i++) {
        x = G[i]
        mb = med(x SUBSEP "b"); mi = med(x SUBSEP "i"); ms = med(x SUBSEP "s")
        printf "| %s | %d | %d | %d | %d | %d | %s | %s | %s | %s |", x, P[x], SB[x], SI[x], SS[x], N[x],
          (mb < 0 ? "-" : sprintf("%.2f", mb)), (mi < 0 ? "-" : sprintf("%.2f", mi)), (ms < 0 ? "-" : sprintf("%.2f", ms)),
          (mi <= 0 ? "-" : sprintf("%.2f", ms / mi))
        for (c = 16; c <= 23; c++) printf " %d |", S[x, c]
        printf " %.2f | %d/%d | %s |\n", S[x, 24], S[x, 25], S[x, 26], (W[x] ? "**" W[x] "**" : "0")
      }
    }' "$csv"
  echo
  echo "## Per pair"
  echo
  echo "Results with CPU seconds; counts of the incremental run: changed/new/kept/weakened/invalidated/strengthened/refined(rev)."
  echo
  echo "| pair | expected | bootstrap | incremental | scratch | ratio | counts |"
  echo "|---|---|---|---|---|---:|---|"
  awk -F, 'NR > 1 {
      b = $7 " " $8; i = $9 ($10 == "-" ? "" : " " $10); s = $11 " " $12
      if ($13 == "wrong") b = "**WRONG " b "**"; if ($14 == "wrong") i = "**WRONG " i "**"; if ($15 == "wrong") s = "**WRONG " s "**"
      r = "-"
      if (($14 == "correct" || $14 == "unknown") && ($15 == "correct" || $15 == "unknown"))
        r = sprintf("%.2f", ($12 < 0.01 ? 0.01 : $12) / ($10 < 0.01 ? 0.01 : $10))
      printf "| %s | %s -> %s | %s | %s | %s | %s | %s/%s/%s/%s/%s/%s/%s |\n", $1, $5, $6, b, i, s, r, $16, $17, $19, $20, $21, $22, $23
    }' "$csv"
  echo
  echo "UNKNOWN reasons:"
  echo
  awk -F, 'NR > 1 && $10 == "unknown" { print $2 ": " $6 }' "$out/runs.csv" | sed -E 's/unwinding [0-9]+/unwinding N/' |
    sort | uniq -c | sort -k1,1nr | awk '{ c = $1; sub(/^[[:space:]]*[0-9]+[[:space:]]/, ""); printf "- %s: %d\n", $0, c }' |
    grep . || echo "none"
} >"$out/summary.md"

sed -n '/^## Totals/,/^## Per pair/p' "$out/summary.md" | sed '$d'
if [ "$wrong" -gt 0 ]; then
  echo "bench/summaries_revisions.sh: *** $wrong WRONG VERDICT(S), see $out/summary.md ***" >&2
  exit 1
fi
[ "$errors" -gt 0 ] && echo "bench/summaries_revisions.sh: $errors craig error(s), see $out/summary.md" >&2
echo "bench/summaries_revisions.sh: wrote $out/{results.csv,runs.csv,summary.md}" >&2
exit 0
