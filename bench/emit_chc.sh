#!/usr/bin/env bash
# bench/emit_chc.sh DIR [TIMEOUT=10] — `craig verify --emit-chc` on every unreach-call task below
# DIR, then z3 (`z3 fp.engine=spacer`) and `craig chc` on each written file: a safe program must
# give sat, an unsafe one unsat, whoever answers (issue 23: the Horn clauses craig writes say what
# craig's verdict says).
# Output (CRAIG_BENCH_RESULTS, default ../bench-results, beside the repository, /emit-chc-DATE):
#   results.csv  task,expected,verify,chc,z3,agree   (verify: TRUE/FALSE/UNKNOWN/-; chc, z3:
#                sat/unsat/unknown/timeout/-, '-' when no file was written (C operators the
#                format cannot express, unsupported input)); agree: yes, no, or '' when fewer than
#                two definite answers
#   summary.md   counts, and every disagreement (which the run fails on: exit status 1)
# Each run has TIMEOUT seconds of CPU (ulimit -t) and craig's --timeout TIMEOUT.
set -uo pipefail
export LC_ALL=C
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib/svcomp_run.sh"
if [ $# -lt 1 ] || [ ! -d "$1" ]; then
  echo "usage: bench/emit_chc.sh DIR [TIMEOUT=10]" >&2
  exit 2
fi
dir=$(cd "$1" && pwd) limit=${2:-10}
craig=${CRAIG:-$here/../build/craig}
command -v z3 >/dev/null 2>&1 || { echo "bench/emit_chc.sh: z3 not installed" >&2; exit 2; }
out=${CRAIG_BENCH_RESULTS:-$here/../../bench-results}/emit-chc-$(date +%Y%m%d-%H%M%S)
mkdir -p "$out/chc"
csv=$out/results.csv
echo "task,expected,verify,chc,z3,agree" >"$csv"
limited() { (ulimit -t "$limit"; exec timeout -k 2 $((3 * limit + 5)) "$@") 2>/dev/null </dev/null; }
sv_tasks "$dir" | while IFS=$'\t' read -r rel expected; do
  yml=$dir/$rel
  task=${rel%.yml}
  f=$out/chc/$(echo "$task" | tr '/' '_').smt2
  verify=$(limited "$craig" verify "$yml" --timeout "$limit" --emit-chc "$f" |
    sed -n 's/^Verification result: \([A-Z]*\).*/\1/p' | head -1)
  [ -n "$verify" ] || verify=-
  chc=- z3=-
  if [ -s "$f" ]; then
    chc=$(limited "$craig" chc "$f" --timeout "$limit" | grep -m1 -E '^(sat|unsat|unknown)$')
    [ -n "$chc" ] || chc=timeout
    z3=$(limited z3 fp.engine=spacer "$f" | grep -m1 -E '^(sat|unsat|unknown)$')
    [ -n "$z3" ] || z3=timeout
  fi
  # The answers as verdicts: sat = TRUE, unsat = FALSE.
  answers=""
  case $verify in TRUE | FALSE) answers="$answers $verify" ;; esac
  case $chc in sat) answers="$answers TRUE" ;; unsat) answers="$answers FALSE" ;; esac
  case $z3 in sat) answers="$answers TRUE" ;; unsat) answers="$answers FALSE" ;; esac
  agree=""
  n=$(echo $answers | wc -w)
  if [ "$n" -ge 2 ]; then
    if [ "$(echo $answers | tr ' ' '\n' | sort -u | wc -l)" -eq 1 ]; then agree=yes; else agree=no; fi
  fi
  echo "$task,$expected,$verify,$chc,$z3,$agree" >>"$csv"
  echo "$task: verify $verify, chc $chc, z3 $z3 ${agree:+(agree: $agree)}" >&2
done
awk -F, 'NR > 1 { n++; if ($4 != "-") files++; if ($6 == "yes") yes++; if ($6 == "no") { no++; bad = bad "\n- " $1 ": verify " $3 ", chc " $4 ", z3 " $5 }
  if ($5 == "sat" || $5 == "unsat") z3a++; if ($4 == "sat" || $4 == "unsat") chca++
  if ($3 == "TRUE" && $5 == "sat" || $3 == "FALSE" && $5 == "unsat") vz++ }
  END { printf "# craig verify --emit-chc, %d tasks\n\n", n
        printf "| files written | craig chc answered | z3 answered | craig verify and z3 agree | all agreements | disagreements |\n|---|---|---|---|---|---|\n"
        printf "| %d | %d | %d | %d | %d | %d |\n", files, chca, z3a, vz, yes, no
        if (no) printf "\n## Disagreements\n%s\n", bad }' "$csv" >"$out/summary.md"
cat "$out/summary.md"
! grep -q ',no$' "$csv"
