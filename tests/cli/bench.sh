#!/usr/bin/env bash
# bench.sh CRAIG TASKS — `craig bench` end to end (issue 55) on the tiny tasks of
# tests/bench/craig_bench (TASKS): run with two configurations and limits, the BenchExec result
# XML, the CSV and the SV-COMP score; a timeout is TIMEOUT (error), never correct; --resume runs
# only what is missing and refuses other settings; a folder with results is refused; an SV-COMP
# .set file; CHC files; --repeat; the HTML report (tables, two <svg>, links that resolve);
# compare; external solvers as configurations (`NAME=exec:PROGRAM ARG...`: placeholders, the
# program's identity in the manifest and --resume, the BenchExec rules on a fake solver's endings,
# z3 and cvc5 when installed, refused for verify and for a program not on PATH); `craig verify
# TASK.yml` says whether its verdict is the expected one.
# Exit 77 (skipped) without the task folder.
set -u
craig=$1
tasks=$2
if [ ! -d "$tasks/tasks" ] || [ ! -f "$tasks/loops.set" ] || [ ! -d "$tasks/chc" ]; then
  echo "skipped: no task folder $tasks"
  exit 77
fi
. "$(dirname "$0")/lib.sh"
bench() { timeout 120 "$craig" bench "$@" >"$tmp/out" 2>"$tmp/err" </dev/null; rc=$?; }
xml_runs() { grep -c '<run ' "$1"; }
# status and category of TASK in results.CONFIG.xml of DIR: "STATUS CATEGORY"
xml_result() {
  python3 - "$1/results.$2.xml" "$3" <<'P'
import sys, xml.etree.ElementTree as ET
for run in ET.parse(sys.argv[1]).getroot().findall('run'):
    if run.get('name') == sys.argv[2]:
        cols = {c.get('title'): c.get('value') for c in run.findall('column')}
        print(cols['status'], cols['category'], run.get('expectedVerdict', '-'))
P
}

# 1. Two configurations, limits, two jobs.
r=$tmp/r
bench run "$tasks/tasks" --out "$r" --timeout 3 --memory 2000 --jobs 2 --config default= --config "bmc=--engine bmc --no-accelerate"
if [ "$rc" -eq 0 ] && grep -q "termination_only.yml: no unreach-call property" "$tmp/err"; then ok run_two_configs; else fail run_two_configs "exit $rc"; fi
for c in default bmc; do
  if [ -f "$r/results.$c.xml" ] && [ "$(xml_runs "$r/results.$c.xml")" -eq 6 ] &&
     python3 -c "import xml.etree.ElementTree as E; E.parse('$r/results.$c.xml')" 2>/dev/null; then
    ok "xml_shape_$c"
  else
    fail "xml_shape_$c" "no well-formed results.$c.xml with 6 runs"
  fi
done
check_result() {  # NAME CONFIG TASK "STATUS CATEGORY EXPECTED"
  local got
  got=$(xml_result "$r" "$2" "$3")
  if [ "$got" = "$4" ]; then ok "$1"; else fail "$1" "got '$got', expected '$4'"; fi
}
check_result true_correct default tasks/counter_true.yml "true correct true"
check_result false_correct default tasks/overflow_false.yml "false(unreach-call) correct false"
check_result wrong_true default tasks/straight_expect_false.yml "true wrong false"
check_result missing_verdict default tasks/no_verdict.yml "false(unreach-call) missing -"
check_result portfolio_proves default tasks/unbounded_true.yml "true correct true"
check_result bmc_timeout bmc tasks/unbounded_true.yml "TIMEOUT error true"
# Scores: default 2+1+2+2-32 = -25; bmc the same without the unbounded task's 2 = -27.
if grep -Eq '^default +6 +3 +1 +1 +0 +0 +0 +1 +-25 ' "$r/summary.txt" &&
   grep -Eq '^bmc +6 +2 +1 +1 +0 +0 +1 +1 +-27 ' "$r/summary.txt"; then
  ok svcomp_score
else
  fail svcomp_score "$(cat "$r/summary.txt")"
fi
rows=$(($(wc -l <"$r/results.csv") - 1))
if [ "$rows" -eq 12 ] && head -1 "$r/results.csv" | grep -q '^config,task,repetition,tool,status,category' &&
   grep -q '^bmc,tasks/unbounded_true.yml,1,verify,TIMEOUT,error,true,' "$r/results.csv"; then
  ok csv
else
  fail csv "$rows rows"
fi
run_dir=$r/runs/default/tasks/overflow_false.yml/1
if grep -q "^Verification result: FALSE" "$run_dir/output.log" && [ -s "$run_dir/witness.graphml" ] &&
   [ -f "$run_dir/stats.txt" ] && grep -q "^Statistics:" "$run_dir/stats.txt" &&
   grep -qx -- "--witness" "$run_dir/command.txt" && grep -qx "1" <(grep -c "^status: " "$run_dir/result.txt"); then
  ok run_files
else
  fail run_files "$(ls "$run_dir")"
fi
if grep -q "^binary-hash: [0-9a-f]\{16\}$" "$r/manifest.txt" && grep -q "^config.bmc: --engine bmc --no-accelerate$" "$r/manifest.txt"; then
  ok manifest
else
  fail manifest "$(head -5 "$r/manifest.txt")"
fi

# 2. Resume: nothing missing, then one run missing; other settings and a second --out refused.
bench run --resume "$r"
if [ "$rc" -eq 0 ] && grep -q "0 runs to make, 12 finished before" "$tmp/out"; then ok resume_nothing; else fail resume_nothing "exit $rc"; fi
rm "$r/runs/bmc/tasks/counter_true.yml/1/result.txt"
bench run --resume "$r"
if [ "$rc" -eq 0 ] && grep -q "1 runs to make, 11 finished before" "$tmp/out" &&
   [ -f "$r/runs/bmc/tasks/counter_true.yml/1/result.txt" ] && [ "$(xml_runs "$r/results.bmc.xml")" -eq 6 ]; then
  ok resume_missing
else
  fail resume_missing "exit $rc"
fi
bench run "$tasks/tasks" --resume "$r" --timeout 5 --config default= --config "bmc=--engine bmc --no-accelerate"
if [ "$rc" -eq 2 ] && grep -q "timeout: '3' in the folder, '5' now" "$tmp/err"; then ok resume_refuses_options; else fail resume_refuses_options "exit $rc"; fi
bench run "$tasks/tasks" --out "$r"
if [ "$rc" -eq 2 ] && grep -q "holds results already" "$tmp/err"; then ok refuses_results_folder; else fail refuses_results_folder "exit $rc"; fi
# Another binary: a copy of craig with one byte appended.
cp "$craig" "$tmp/craig2" && printf x >>"$tmp/craig2"
timeout 60 "$tmp/craig2" bench run --resume "$r" >"$tmp/out" 2>"$tmp/err"
if [ $? -eq 2 ] && grep -q "binary-hash" "$tmp/err"; then ok refuses_other_binary; else fail refuses_other_binary "accepted"; fi

# 3. An SV-COMP .set file, --repeat.
s=$tmp/s
bench run "$tasks/loops.set" --out "$s" --timeout 5 --repeat 2
if [ "$rc" -eq 0 ] && [ "$(xml_runs "$s/results.default.xml")" -eq 3 ] && grep -q "matches no file" "$tmp/err" &&
   [ "$(grep -c '^default,' "$s/results.csv")" -eq 6 ] &&
   grep -q 'title="repetitions" value="2"' "$s/results.default.xml"; then
  ok set_file_repeat
else
  fail set_file_repeat "exit $rc"
fi

# A memory limit below what craig needs is OUT OF MEMORY (craig's own answer, or the harness's kill).
bench run "$tasks/tasks/straight_true.yml" --out "$tmp/m" --memory 1
if [ "$rc" -eq 0 ] && grep -q '^default,straight_true.yml,1,verify,OUT OF MEMORY,error,true,' "$tmp/m/results.csv"; then
  ok memory_limit
else
  fail memory_limit "$(grep '^default' "$tmp/m/results.csv")"
fi

# 4. CHC files: craig chc chosen by the files, :status as the expected answer.
c=$tmp/c
bench run "$tasks/chc" --out "$c" --timeout 10
if [ "$rc" -eq 0 ] && grep -q '^default,chc/counter_safe.smt2,1,chc,sat,correct,sat,' "$c/results.csv" &&
   grep -q '^default,chc/counter_unsafe.smt2,1,chc,unsat,correct,unsat,' "$c/results.csv"; then
  ok chc_tasks
else
  fail chc_tasks "exit $rc"
fi
bench run "$tasks/chc" "$tasks/tasks" --out "$tmp/mixed"
if [ "$rc" -eq 2 ] && grep -q "choose one with --tool" "$tmp/err"; then ok mixed_tools_refused; else fail mixed_tools_refused "exit $rc"; fi

# 5. The report.
bench report "$r" "$s" --out "$tmp/report" --scatter r/default,r/bmc
page=$tmp/report/index.html
if [ "$rc" -eq 0 ] && [ -f "$page" ] && grep -q "<h2>Summary</h2>" "$page" && grep -q "<h2>Tasks</h2>" "$page" &&
   [ "$(grep -c "<svg" "$page")" -eq 2 ] && grep -q "Intel\|AMD\|model\|CPU" "$page" &&
   grep -q "r/default" "$page" && ! grep -q "<script\|https\?://[a-z]" <(grep -v 'xmlns=' "$page"); then
  ok report_page
else
  fail report_page "exit $rc"
fi
links=$(grep -o 'href="[^"]*"' "$page" | sed 's/href="//; s/"$//')
bad=0
for l in $links; do [ -e "$tmp/report/$l" ] || bad=$((bad + 1)); done
if [ -n "$links" ] && [ "$bad" -eq 0 ] && grep -q 'witness</a>' "$page"; then ok report_links; else fail report_links "$bad broken"; fi
bench report "$r" --out "$tmp/report2" --scatter default,nothing
if [ "$rc" -eq 2 ] && grep -q "no column 'nothing'" "$tmp/err"; then ok report_bad_scatter; else fail report_bad_scatter "exit $rc"; fi

# 6. compare: two configurations of one folder, and two folders by configuration name.
bench compare "$r:default" "$r:bmc"
if [ "$rc" -eq 0 ] && grep -q "^tasks/unbounded_true.yml  true (correct)  TIMEOUT (error)$" "$tmp/out" &&
   grep -q "^1 of 6 tasks differ in status$" "$tmp/out"; then
  ok compare_configs
else
  fail compare_configs "exit $rc"
fi
bench compare "$r" "$s"
if [ "$rc" -eq 0 ] && grep -q "^== default$" "$tmp/out" && grep -q "^tasks/no_verdict.yml  false(unreach-call) (missing)  -$" "$tmp/out"; then
  ok compare_folders
else
  fail compare_folders "exit $rc"
fi
bench compare "$r" "$tmp/none"
if [ "$rc" -eq 2 ]; then ok compare_missing_folder; else fail compare_missing_folder "exit $rc"; fi

# 7. --craig: another binary's runs (a wrapper that states its own version), its identity in the
# manifest, the same statuses as this binary's; --walltime: the wall-clock limit apart from the CPU one.
{
  echo '#!/usr/bin/env bash'
  echo 'if [ "${1:-}" = --version ]; then echo "craig 9.9 (commit feedbee)"; exit 0; fi'
  echo 'case "$*" in *sleepy*) exec sleep 30 ;; esac'
  echo "exec \"$craig\" \"\$@\""
} >"$tmp/other_craig"
chmod +x "$tmp/other_craig"
o=$tmp/o
bench run "$tasks/tasks/counter_true.yml" "$tasks/tasks/overflow_false.yml" --out "$o" --timeout 10 --craig "$tmp/other_craig"
if [ "$rc" -eq 0 ] && grep -q "^craig-version: craig 9.9$" "$o/manifest.txt" && grep -q "^craig-commit: feedbee$" "$o/manifest.txt" &&
   grep -q "^binary: $tmp/other_craig$" "$o/manifest.txt" &&
   [ "$(head -1 "$o/runs/default/counter_true.yml/1/command.txt")" = "$tmp/other_craig" ] &&
   grep -q '^default,counter_true.yml,1,verify,true,correct,true,' "$o/results.csv" &&
   grep -q '^default,overflow_false.yml,1,verify,false(unreach-call),correct,false,' "$o/results.csv"; then
  ok other_binary
else
  fail other_binary "exit $rc: $(head -3 "$o/results.csv" 2>/dev/null)"
fi
bench run --resume "$o"
if [ "$rc" -eq 0 ] && grep -q "0 runs to make, 2 finished before" "$tmp/out"; then ok other_binary_resume; else fail other_binary_resume "exit $rc"; fi
bench run "$tasks/tasks/counter_true.yml" --out "$tmp/o2" --timeout 10 --craig "$tmp/none"
if [ "$rc" -eq 2 ] && grep -q "no executable file" "$tmp/err"; then ok other_binary_missing; else fail other_binary_missing "exit $rc"; fi
mkdir -p "$tmp/w/tasks" && cp -r "$tasks/programs" "$tmp/w/programs" && cp "$tasks/tasks/straight_true.yml" "$tmp/w/tasks/sleepy.yml"
bench run "$tmp/w/tasks/sleepy.yml" --out "$tmp/w/r" --timeout 20 --walltime 1.5 --craig "$tmp/other_craig"
line=$(grep '^default,' "$tmp/w/r/results.csv")
if [ "$rc" -eq 0 ] && grep -q '^default,sleepy.yml,1,verify,TIMEOUT,error,' <<<"$line" &&
   [ "$(sed -n '/^--timeout$/{n;p}' "$tmp/w/r/runs/default/sleepy.yml/1/command.txt")" = 1.5 ] &&
   [ "$(python3 - "$tmp/w/r/results.default.xml" <<'P'
import sys, xml.etree.ElementTree as ET
run = ET.parse(sys.argv[1]).getroot().find('run')
cols = {c.get('title'): c.get('value') for c in run.findall('column')}
wall = float(cols['walltime'].rstrip('s'))
print('ok' if 1.4 < wall < 5 and cols.get('terminationreason') == 'walltime' else cols)
P
)" = ok ]; then
  ok walltime_limit
else
  fail walltime_limit "exit $rc: $line"
fi
bench run "$tasks/tasks/counter_true.yml" --out "$tmp/w/r2" --walltime 5
if [ "$rc" -eq 2 ] && grep -q "needs --timeout" "$tmp/err"; then ok walltime_needs_timeout; else fail walltime_needs_timeout "exit $rc"; fi

# 8. External solvers (exec: configurations) on the CHC tasks. A fake solver answers by its
# arguments: mode=sat|timeout-line|late-timeout-line|abort|exit1|spin|silent.
fake=$tmp/fake_solver
{
  echo '#!/usr/bin/env bash'
  echo 'if [ "${1:-}" = --version ]; then echo "fake-solver 1.0"; echo "second line"; exit 0; fi'
  echo 'case "$*" in'
  echo '  *mode=sat*) echo "(some comment)"; echo sat ;;'
  echo '  *mode=timeout-line*) echo timeout ;;'
  echo '  *mode=late-timeout-line*) sleep 2.3; echo timeout ;;'
  echo '  *mode=abort*) sleep 2.3; echo "solver interrupted by timeout." >&2; kill -ABRT $$ ;;'
  echo '  *mode=exit1*) echo sat; exit 1 ;;'
  echo '  *mode=spin*) while :; do :; done ;;'
  echo '  *mode=silent*) ;;'
  echo 'esac'
} >"$fake"
chmod +x "$fake"
mkdir -p "$tmp/bin" && cp "$fake" "$tmp/bin/fake-solver"
e=$tmp/e
PATH="$tmp/bin:$PATH" bench run "$tasks/chc" --out "$e" --timeout 2 --memory 3000 --config default= \
  --config "answer=exec:fake-solver mode=sat t={timeout} m={memory}" --config "late=exec:fake-solver mode=spin" \
  --config "gaveup=exec:fake-solver mode=timeout-line in={file} --x" --config "bad=exec:fake-solver mode=exit1" \
  --config "mute=exec:fake-solver mode=silent" --config "ownlimit=exec:fake-solver mode=late-timeout-line" \
  --config "abort=exec:fake-solver mode=abort"
cmd=$e/runs/answer/chc/counter_safe.smt2/1/command.txt
if [ "$rc" -eq 0 ] && [ "$(cat "$cmd")" = "$tmp/bin/fake-solver
mode=sat
t=2
m=3000
$(cd "$tasks/chc" && pwd)/counter_safe.smt2" ] &&
   [ "$(sed -n 3p "$e/runs/gaveup/chc/counter_safe.smt2/1/command.txt")" = "in=$(cd "$tasks/chc" && pwd)/counter_safe.smt2" ] &&
   [ "$(wc -l <"$e/runs/gaveup/chc/counter_safe.smt2/1/command.txt")" -eq 4 ] &&
   [ ! -e "$e/runs/answer/chc/counter_safe.smt2/1/stats.txt" ] && [ -f "$e/runs/default/chc/counter_safe.smt2/1/stats.txt" ]; then
  ok external_command_line
else
  fail external_command_line "exit $rc: $(cat "$cmd" 2>/dev/null)"
fi
ext_status() { grep "^$1,chc/$2,1,chc," "$e/results.csv" | cut -d, -f5,6; }
if [ "$(ext_status answer counter_safe.smt2)" = "sat,correct" ] && [ "$(ext_status answer counter_unsafe.smt2)" = "sat,wrong" ] &&
   [ "$(ext_status late counter_safe.smt2)" = "TIMEOUT,error" ] &&
   [ "$(ext_status gaveup counter_safe.smt2)" = "unknown,unknown" ] &&
   [ "$(ext_status bad counter_safe.smt2)" = "ERROR (exit code 1),error" ] &&
   [ "$(ext_status mute counter_safe.smt2)" = "ERROR (no answer),error" ] &&
   [ "$(ext_status ownlimit counter_safe.smt2)" = "TIMEOUT,error" ] && [ "$(ext_status abort counter_safe.smt2)" = "TIMEOUT,error" ] &&
   [ "$(ext_status default counter_unsafe.smt2)" = "unsat,correct" ]; then
  ok external_benchexec_rules
else
  fail external_benchexec_rules "$(cut -d, -f1,2,5,6 "$e/results.csv")"
fi
sha=$(sha256sum "$tmp/bin/fake-solver" | cut -d' ' -f1)
if grep -qx "program.answer: $tmp/bin/fake-solver" "$e/manifest.txt" && grep -qx "program-sha256.answer: $sha" "$e/manifest.txt" &&
   grep -qx "program-version.answer: fake-solver 1.0" "$e/manifest.txt" &&
   grep -qx "config.answer: exec:fake-solver mode=sat t={timeout} m={memory}" "$e/manifest.txt" &&
   ! grep -q "^program.default:" "$e/manifest.txt" &&
   grep -q "tool=\"$tmp/bin/fake-solver\"" "$e/results.answer.xml" && grep -q 'version="fake-solver 1.0"' "$e/results.answer.xml"; then
  ok external_manifest
else
  fail external_manifest "$(grep program "$e/manifest.txt")"
fi
rm "$e/runs/answer/chc/counter_safe.smt2/1/result.txt"
PATH="$tmp/bin:$PATH" bench run --resume "$e"
if [ "$rc" -eq 0 ] && grep -q "1 runs to make, 15 finished before" "$tmp/out" &&
   [ "$(ext_status answer counter_safe.smt2)" = "sat,correct" ]; then
  ok external_resume
else
  fail external_resume "exit $rc"
fi
rm "$e/runs/answer/chc/counter_safe.smt2/1/result.txt"
bench run --resume "$e"
if [ "$rc" -eq 2 ] && grep -q "no executable program 'fake-solver' on PATH" "$tmp/err"; then ok external_resume_program_gone
else fail external_resume_program_gone "exit $rc"; fi
echo "# changed" >>"$tmp/bin/fake-solver"
PATH="$tmp/bin:$PATH" bench run --resume "$e"
if [ "$rc" -eq 2 ] && grep -q "program-sha256.answer: '$sha' in the folder" "$tmp/err" && [ ! -e "$e/runs/answer/chc/counter_safe.smt2/1/result.txt" ]; then
  ok external_resume_refuses_other_program
else
  fail external_resume_refuses_other_program "exit $rc"
fi
bench run "$tasks/chc" --out "$tmp/e2" --config "x=exec:no-such-solver-craig-test"
if [ "$rc" -eq 2 ] && grep -q "no executable program 'no-such-solver-craig-test' on PATH" "$tmp/err" && [ ! -e "$tmp/e2" ]; then
  ok external_unknown_program_refused
else
  fail external_unknown_program_refused "exit $rc"
fi
bench run "$tasks/tasks" --out "$tmp/e3" --config "x=exec:$fake"
if [ "$rc" -eq 2 ] && grep -q "external solvers run chc and solve tasks only" "$tmp/err" && [ ! -e "$tmp/e3/manifest.txt" ]; then
  ok external_refused_for_verify
else
  fail external_refused_for_verify "exit $rc"
fi
bench run "$tasks/chc" --out "$tmp/e4" --config "x=exec:"
if [ "$rc" -eq 2 ] && grep -q "exec: needs a PROGRAM" "$tmp/err"; then ok external_needs_program; else fail external_needs_program "exit $rc"; fi
bench compare "$e:default" "$e:answer"
if [ "$rc" -eq 0 ] && grep -q "^chc/counter_unsafe.smt2  unsat (correct)  sat (wrong)$" "$tmp/out"; then
  ok external_compare
else
  fail external_compare "exit $rc"
fi
bench report "$e" --out "$tmp/e-report" --scatter default,answer
if [ "$rc" -eq 0 ] && grep -q "program of answer" "$tmp/e-report/index.html" && grep -q ">late<" "$tmp/e-report/index.html"; then
  ok external_report
else
  fail external_report "exit $rc"
fi
# The real oracles: z3 (Spacer) on CHC, cvc5 on SMT-LIB, every answer the expected one.
mkdir -p "$tmp/smt"
printf '(set-logic QF_LIA)\n(set-info :status unsat)\n(declare-fun x () Int)\n(assert (> x 0))\n(assert (< x 0))\n(check-sat)\n' >"$tmp/smt/u.smt2"
printf '(set-logic QF_LIA)\n(set-info :status sat)\n(declare-fun x () Int)\n(assert (> x 0))\n(check-sat)\n' >"$tmp/smt/s.smt2"
oracle() {  # oracle PROGRAM SET --config C...: each configuration answers both tasks of SET correctly
  # (two tasks, two words per configuration: $# runs)
  local program=$1 set=$2
  shift 2
  command -v "$program" >/dev/null 2>&1 || { echo "skip external_$program: $program not installed"; return; }
  bench run "$set" --out "$tmp/o-$program" --timeout 10 "$@"
  if [ "$rc" -eq 0 ] && [ "$(grep -c ',\(sat\|unsat\),correct,' "$tmp/o-$program/results.csv")" -eq "$#" ] &&
     grep -q "^program-version\.[^:]*: ." "$tmp/o-$program/manifest.txt"; then
    ok "external_$program"
  else
    fail "external_$program" "exit $rc: $(cut -d, -f1,2,5,6 "$tmp/o-$program/results.csv" 2>/dev/null)"
  fi
}
oracle z3 "$tasks/chc" --config "z3=exec:z3 fp.engine=spacer" --config "z3t=exec:z3 -T:{timeout} {file}"
oracle cvc5 "$tmp/smt" --config "cvc5=exec:cvc5 --tlimit=20000"

# 9. craig verify on a task file names the expected verdict.
run expected_matches 0 verify "$tasks/tasks/overflow_false.yml" && has out "Expected verdict: false (matches)" &&
  ok expected_matches
run expected_differs 0 verify "$tasks/tasks/straight_expect_false.yml" && has out "Expected verdict: false (does NOT match)" &&
  ok expected_differs
finish
