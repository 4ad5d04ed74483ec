#!/usr/bin/env bash
# Test of bench/svcomp.sh (a thin use of craig bench run) with a fake craig (fake_craig.sh, the
# craig measured, `--craig`) run by a real craig's harness (CRAIG_HARNESS): task selection
# (unreach-call only, by the property's file name or text, through symbolic links, suite:NAME),
# classes, results.csv rows, summary.md counts, witnesses, craig bench's folder and report, the
# default configuration and ENGINE, CRAIG_VERIFY_ARGS, both limits, resume and its refusals, no
# claim of a cactus plot that was not drawn.
# Usage: svcomp_sh.sh REPOSITORY [HARNESS] (HARNESS: a craig with `craig bench`, default
# $CRAIG_HARNESS); exit 77 (skipped) without it.
set -uo pipefail
root=${1:-$(cd "$(dirname "$0")/../.." && pwd)}
harness=${2:-${CRAIG_HARNESS:-}}
if [ -z "$harness" ] || [ ! -x "$harness" ]; then echo "skipped: no craig to run craig bench ('$harness')"; exit 77; fi
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/svcomp-sh-test.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
fail=0
check() {  # check DESCRIPTION COMMAND...
  local what=$1; shift
  if "$@"; then echo "ok: $what"; else echo "FAIL: $what"; fail=1; fi
}
export CRAIG_HARNESS=$harness

set=$tmp/set
mkdir -p "$set/properties" "$set/a" "$set/b"
echo 'CHECK( init(main()), LTL(G ! call(reach_error())) )' >"$set/properties/unreach-call.prp"
printf 'CHECK( init(main()),\n  LTL(G ! call(reach_error())) )\n' >"$set/properties/reach.prp"
echo 'CHECK( init(main()), LTL(F end) )' >"$set/properties/termination.prp"
task() {  # task FOLDER/NAME VERDICT [PROPERTY]
  cat >"$set/$1.yml" <<YML
format_version: '2.0'
input_files: '$(basename "$1").c'   # a comment
properties:
  - property_file: ../properties/termination.prp
    expected_verdict: true
  - property_file: ../properties/${3:-unreach-call.prp}
${2:+    expected_verdict: $2}
options:
  language: C
  data_model: ILP32
YML
}
task a/true_ok true
task a/true_wrong false
task a/false_ok false
task a/false_wrong true
task a/false_nowitness false
task a/unknown true
task a/unsupported1 true
task b/unsupported2 false
task b/unsupported_nojson true
task b/memout true
task b/hang true
task b/crash false
task b/inputerror true
task b/nojson true
task b/trailing true reach.prp
task b/true_noverdict ""
cat >"$set/b/termination_only.yml" <<YML
format_version: '2.0'
input_files: 't.c'
properties:
  - property_file: ../properties/termination.prp
    expected_verdict: true
options:
  language: C
YML

export CRAIG=$here/fake_craig.sh
CRAIG_BENCH_RESULTS=$tmp/results FAKE_CRAIG_MARK=first bash "$root/bench/svcomp.sh" "$set" 1 bmc 2 >"$tmp/out.txt" 2>"$tmp/err.txt"
check "svcomp.sh exits 0" test $? -eq 0
out=$(ls -d "$tmp"/results/svcomp-bmc-* 2>/dev/null | head -1)
check "result folder svcomp-bmc-DATE" test -n "$out"
csv=$out/results.csv
check "header" test "$(head -1 "$csv")" = "task,expected,result,reason,cpu,wall,exit,class,witness"
check "16 tasks (termination-only left out)" test "$(($(wc -l <"$csv") - 1))" -eq 16
class() { awk -F, -v t="$1" '$1 == t { print $8 }' "$csv"; }
field() { awk -F, -v t="$1" -v k="$2" '$1 == t { print $k }' "$csv"; }
for pair in a/true_ok.yml:correct-true a/true_wrong.yml:wrong-true a/false_ok.yml:correct-false \
  a/false_wrong.yml:wrong-false a/false_nowitness.yml:correct-false a/unknown.yml:unknown \
  a/unsupported1.yml:unsupported b/unsupported2.yml:unsupported b/unsupported_nojson.yml:unsupported \
  b/memout.yml:timeout b/hang.yml:timeout b/crash.yml:error b/inputerror.yml:error b/nojson.yml:error \
  b/trailing.yml:correct-true b/true_noverdict.yml:unchecked; do
  check "${pair%%:*} is ${pair#*:}" test "$(class "${pair%%:*}")" = "${pair#*:}"
done
check "reason with quotes and commas kept in one field" test "$(field a/true_ok.yml 4)" = "first: k-induction; 'k' = 2"
check "result column" test "$(field a/false_ok.yml 3),$(field b/nojson.yml 3),$(field a/unknown.yml 3)" = "FALSE,-,UNKNOWN"
check "witness of a FALSE" test "$(field a/false_ok.yml 9)" = yes -a -s "$out/bench/runs/bmc/set/a/false_ok.yml/1/witness.graphml"
check "no witness" test "$(field a/false_nowitness.yml 9)" = no
check "unsupported construct from the JSON" test "$(field a/unsupported1.yml 4)" = "/t/x.c:4:7: pointer"
check "unsupported construct from stderr" test "$(field b/unsupported_nojson.yml 4)" = "/t/x.c:1:2: float"
check "wall-clock kill: exit 137, the limit" test "$(field b/hang.yml 7),$(field b/hang.yml 4)" = "137,wall-clock limit (1 s)"
check "crash exit code" test "$(field b/crash.yml 7)" = 139
check "input error: status and craig's message" test "$(field b/inputerror.yml 4)" = "ERROR (input error 3): craig: error: t.c:1:1: expected ';'"
check "memory limit is a timeout" test "$(field b/memout.yml 4),$(field b/memout.yml 7)" = "first: memory limit,5"
check "expected - without a verdict" test "$(field b/true_noverdict.yml 2)" = -
check "CPU time is a number" awk -F, 'NR > 1 && $5 !~ /^[0-9]+\.[0-9]+$/ { exit 1 }' "$csv"
check "craig bench's folder: --engine and --json reach craig, the fake is measured" \
  grep -q "fake_craig.sh verify --json --engine bmc --timeout 1 .*--witness" <(paste -sd' ' "$out/bench/runs/bmc/set/a/true_ok.yml/1/command.txt")
check "craig bench's folder: limits in the manifest" grep -qx 'timeout: 1' "$out/bench/manifest.txt"
check "craig bench's report" test -s "$out/report/index.html"

md=$out/summary.md
row() { grep -E "^\| (\*\*)?$1(\*\*)? \|" "$md"; }
#        folder tasks ct cf wt wf unk uns to err nowit score
check "row a" test "$(row a | tr -d ' ' | cut -d'|' -f2-13)" = "a|7|1|2|1|1|1|1|0|0|1|-44"
check "row b" test "$(row b | tr -d ' ' | cut -d'|' -f2-13)" = "b|9|1|0|0|0|0|2|2|3|0|2"
check "row total" test "$(row total | tr -d ' ' | cut -d'|' -f2-13)" = "**total**|16|2|2|1|1|1|3|2|3|1|-42"
check "folder table on stdout" grep -q '^| \*\*total\*\* | 16 |' "$tmp/out.txt"
check "16 of 17 task files" grep -q '16 of 17 task files have an unreach-call property' "$md"
check "wrong answers in bold" grep -qF -- '- **`a/true_wrong.yml`: said TRUE, expected false**' "$md"
check "unsupported grouped by construct" grep -qx -- '- pointer: 2' "$md"
check "float construct" grep -qx -- '- float: 1' "$md"
check "an unchecked answer noted" grep -q '^1 task(s) answered TRUE/FALSE without an expected verdict' "$md"
if command -v gnuplot >/dev/null 2>&1; then
  check "cactus.svg" test -s "$out/cactus.svg"
  check "cactus.png" test -s "$out/cactus.png"
  check "cactus plot named as written" grep -q "wrote $out/{results.csv,summary.md,report/index.html,cactus.svg,cactus.png}" "$tmp/err.txt"
  bash "$root/bench/lib/svcomp_cactus.sh" -o "$tmp/cmp" "$csv" "other=$csv" 2>/dev/null
  check "two runs in one plot" grep -q "other (4)" "$tmp/cmp/cactus.svg"
fi
# A gnuplot that draws nothing: no cactus plot is claimed.
mkdir -p "$tmp/nognuplot"
printf '#!/bin/sh\nexit 1\n' >"$tmp/nognuplot/gnuplot"
chmod +x "$tmp/nognuplot/gnuplot"
PATH=$tmp/nognuplot:$PATH CRAIG_BENCH_RESULTS=$tmp/res0 bash "$root/bench/svcomp.sh" "$set" 1 bmc 2 >/dev/null 2>"$tmp/err0.txt"
check "no cactus plot drawn: none claimed" sh -c "grep -q 'wrote .*{results.csv,summary.md,report/index.html}\$' '$tmp/err0.txt' && ! grep -q 'wrote.*cactus' '$tmp/err0.txt'"
# svcomp_compare.sh: the same run twice, the second with a/true_ok.yml timed out and only folder a
sed 's#^a/true_ok.yml,\(.*\),correct-true,#a/true_ok.yml,\1,timeout,#' "$csv" >"$tmp/second.csv"
bash "$root/bench/svcomp_compare.sh" -o "$tmp/compare" -f a "first=$csv" "second=$tmp/second.csv" >/dev/null 2>&1
cmp_row() { grep -E "^\| $1 \|" "$tmp/compare/compare.md" | tr -d ' ' | cut -d'|' -f2-12,15; }
#                    run tasks ct cf wt wf unk to uns err score only
check "compare: first" test "$(cmp_row first)" = "first|7|1|2|1|1|1|0|1|0|-44|1"
check "compare: second" test "$(cmp_row second)" = "second|7|0|2|1|1|1|1|1|0|-46|0"
# CRAIG_VERIFY_ARGS reaches craig and names the folder; CRAIG_BENCH_LIMIT=cpu stops a spinning run
set2=$tmp/set2
mkdir -p "$set2/properties" "$set2/c"
cp "$set/properties/unreach-call.prp" "$set2/properties/"
for t in args_1 spin_1; do
  printf "format_version: '2.0'\ninput_files: '%s.c'\nproperties:\n  - property_file: ../properties/unreach-call.prp\n    expected_verdict: true\noptions:\n  language: C\n" "$t" >"$set2/c/$t.yml"
done
CRAIG_BENCH_RESULTS=$tmp/res2 CRAIG_VERIFY_ARGS="--itp-bool pudlak --itp-lra dual-farkas" \
  CRAIG_BENCH_LIMIT=cpu bash "$root/bench/svcomp.sh" "$set2" 1 impact 2 >/dev/null 2>&1
out2=$(ls -d "$tmp"/res2/svcomp-impact-itp-bool-pudlak-itp-lra-dual-farkas-* 2>/dev/null | head -1)
check "results folder named after the options" test -n "$out2"
csv2=$out2/results.csv
check "options reach craig" test "$(awk -F, '$1 == "c/args_1.yml" { print $4 }' "$csv2")" = "args engine=impact --itp-bool=pudlak --itp-lra=dual-farkas"
check "CPU limit stops a spinning run" test "$(awk -F, '$1 == "c/spin_1.yml" { print $4 "," $8 }' "$csv2")" = "CPU limit (1 s),timeout"
check "CPU limit: 10x TIMEOUT of wall clock" grep -qx 'walltime: 10' "$out2/bench/manifest.txt"
check "CPU limit in the summary" grep -q 'limit 1 s of CPU time' "$out2/summary.md"
# The default configuration (no ENGINE: no --engine) on a set assembled from symbolic links to
# task folders
linked=$tmp/linked
mkdir -p "$linked"
ln -s "$set2/c" "$linked/c"
ln -s "$set2/properties" "$linked/properties"
rm "$set2/c/spin_1.yml"
CRAIG_BENCH_RESULTS=$tmp/res3 bash "$root/bench/svcomp.sh" "$linked" 1 >/dev/null 2>&1
csv3=$(ls -d "$tmp"/res3/svcomp-default-*/results.csv 2>/dev/null | head -1)
check "symbolic links to task folders are followed" test -n "$csv3" -a "$(($(wc -l <"${csv3:-/dev/null}") - 1))" -eq 1
check "no ENGINE: craig's default configuration" test "$(awk -F, '$1 == "c/args_1.yml" { print $4 }' "${csv3:-/dev/null}")" = "args engine=portfolio"
# suite:NAME (a .set file in CRAIG_BENCH_SUITES): the tasks below the folder they share
mkdir -p "$tmp/suites"
printf 'a/true_*.yml\na/false_ok.yml\n' | sed "s#^#../set/#" >"$tmp/suites/mine.set"
CRAIG_BENCH_SUITES=$tmp/suites CRAIG_BENCH_RESULTS=$tmp/res7 bash "$root/bench/svcomp.sh" suite:mine 1 bmc >/dev/null 2>"$tmp/err7.txt"
csv7=$(ls -d "$tmp"/res7/svcomp-bmc-*/results.csv 2>/dev/null | head -1)
check "suite:NAME" test -n "$csv7" -a "$(cut -d, -f1,8 "${csv7:-/dev/null}" | paste -sd' ')" = \
  "task,class false_ok.yml,correct-false true_ok.yml,correct-true true_wrong.yml,wrong-true"
mkdir -p "$tmp/none/x"
cp "$set/b/termination_only.yml" "$tmp/none/x/"
CRAIG_BENCH_RESULTS=$tmp/res4 bash "$root/bench/svcomp.sh" "$tmp/none" 1 bmc 1 >/dev/null 2>"$tmp/err4.txt"
check "no unreach-call task: exit 2" test $? -eq 2
check "no unreach-call task: the reason" grep -q "none of the 1 task files under .* has an unreach-call property" "$tmp/err4.txt"
check "no unreach-call task: no results folder" test -z "$(ls -A "$tmp/res4" 2>/dev/null)"
check "usage: TIMEOUT" sh -c "bash '$root/bench/svcomp.sh' '$set' 1s 2>/dev/null; test \$? -eq 2"
check "usage: CRAIG_BENCH_LIMIT" sh -c "CRAIG_BENCH_LIMIT=both bash '$root/bench/svcomp.sh' '$set' 1 2>/dev/null; test \$? -eq 2"
# CRAIG_BENCH_RESUME: an interrupted run (runs without a record) is continued: a finished run's
# row is kept, the others run; a folder of another run, or no svcomp.sh folder, is refused.
part=$tmp/res5/part
mkdir -p "$tmp/res5"
cp -r "$out" "$part"
find "$part/bench/runs" -name result.txt ! -path '*/a/true_ok.yml/*' -delete
rm "$part/results.csv" "$part/summary.md"
FAKE_CRAIG_MARK=second CRAIG_BENCH_RESUME=$part bash "$root/bench/svcomp.sh" "$set" 1 bmc 2 >/dev/null 2>"$tmp/err5.txt"
check "resume: exit 0" test $? -eq 0
check "resume: 15 of 16 runs left" grep -q "16 tasks, 1 configurations, 15 runs to make, 1 finished before" "$tmp/err5.txt"
check "resume: all 16 rows" test "$(($(wc -l <"$part/results.csv") - 1))" -eq 16
check "resume: the finished row kept" grep -q "^a/true_ok.yml,true,TRUE,first: k-induction" "$part/results.csv"
check "resume: the others made again" grep -q "^a/true_wrong.yml,false,TRUE,second: k-induction" "$part/results.csv"
check "resume: the summary again" grep -q '^| \*\*total\*\* | 16 | 2 | 2 | 1 | 1 | 1 | 3 | 2 | 3 | 1 | -42 |' "$part/summary.md"
CRAIG_BENCH_RESUME=$part bash "$root/bench/svcomp.sh" "$set" 2 bmc 2 >/dev/null 2>"$tmp/err6.txt"
check "resume with another TIMEOUT: exit 2" test $? -eq 2
check "resume with another TIMEOUT: the reason" grep -q "timeout: '1' in the folder, '2' now" "$tmp/err6.txt"
CRAIG_BENCH_RESUME=$part bash "$root/bench/svcomp.sh" "$set" 1 impact 2 >/dev/null 2>"$tmp/err6.txt"
check "resume with another ENGINE: exit 2" test $? -eq 2
CRAIG_BENCH_RESUME=$tmp/none bash "$root/bench/svcomp.sh" "$set" 1 bmc 2 >/dev/null 2>"$tmp/err6.txt"
check "resume of no results folder: exit 2" test $? -eq 2
check "resume of no results folder: the reason" grep -q "no results folder of bench/svcomp.sh" "$tmp/err6.txt"
if [ $fail -ne 0 ]; then
  echo "--- stderr of svcomp.sh"; cat "$tmp/err.txt"; echo "--- results.csv"; cat "$csv"; echo "--- summary.md"; cat "$md"
fi
exit $fail
