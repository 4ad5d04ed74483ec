#!/usr/bin/env bash
# bench/emit_chc.sh DIR [TIMEOUT=10] — `craig verify --emit-chc` on every unreach-call task below
# DIR, then z3 (`z3 fp.engine=spacer`) and `craig chc` on each written file: a safe program must
# give sat, an unsafe one unsat, whoever answers (issue 23: the Horn clauses craig writes say what
# craig's verdict says). Two craig bench runs: the tasks with the configuration
# `emit=--emit-chc {folder}/emitted.smt2` (each run writes its clauses into its own folder), then
# the written files with `craig=` and `z3=exec:z3 fp.engine=spacer`; TIMEOUT s of CPU per run
# (craig bench's --timeout, also told to craig), $JOBS (default 1) at once.
# Output (CRAIG_BENCH_RESULTS, default ../bench-results, beside the repository, /emit-chc-DATE):
#   verify/, chc/ the two craig bench results folders
#   results.csv  task,expected,verify,chc,z3,agree   (verify: TRUE/FALSE/UNKNOWN/-; chc, z3:
#                sat/unsat/unknown/timeout/-, '-' when no file was written (C operators the
#                format cannot express, unsupported input)); agree: yes, no, or '' when fewer than
#                two definite answers
#   summary.md   counts, and every disagreement (which the run fails on: exit status 1)
set -uo pipefail
export LC_ALL=C
here=$(cd "$(dirname "$0")" && pwd)
if [ $# -lt 1 ] || [ ! -d "$1" ]; then
  echo "usage: bench/emit_chc.sh DIR [TIMEOUT=10]" >&2
  exit 2
fi
dir=$(cd "$1" && pwd) limit=${2:-10}
craig=${CRAIG:-$here/../build/craig}
command -v z3 >/dev/null 2>&1 || { echo "bench/emit_chc.sh: z3 not installed" >&2; exit 2; }
out=${CRAIG_BENCH_RESULTS:-$here/../../bench-results}/emit-chc-$(date +%Y%m%d-%H%M%S)
mkdir -p "$out"
out=$(cd "$out" && pwd)
csv=$out/results.csv
if ! "$craig" bench run "$dir" --tool verify --timeout "$limit" --jobs "${JOBS:-1}" --out "$out/verify" \
  --config "emit=--emit-chc {folder}/emitted.smt2" </dev/null >"$out/verify.log" 2>&1; then
  echo "bench/emit_chc.sh: craig bench run of the tasks failed (see $out/verify.log)" >&2
  tail -3 "$out/verify.log" >&2
  exit 2
fi
find "$out/verify/runs" -name emitted.smt2 -size +0 | sort >"$out/emitted.list"
if [ -s "$out/emitted.list" ] &&
  ! "$craig" bench run "$out/emitted.list" --tool chc --timeout "$limit" --jobs "${JOBS:-1}" --out "$out/chc" \
    --config craig= --config "z3=exec:z3 fp.engine=spacer" </dev/null >"$out/chc.log" 2>&1; then
  echo "bench/emit_chc.sh: craig bench run of the written clauses failed (see $out/chc.log)" >&2
  tail -3 "$out/chc.log" >&2
  exit 2
fi
# results.csv: per task its verdict, and the answers on the file its run wrote (matched by path).
python3 - "$out" >"$csv" <<'PY'
import csv, os, sys
out = sys.argv[1]
def record(folder):  # a run's result.txt as a dict
    d = {}
    try:
        for line in open(os.path.join(folder, "result.txt")):
            k, _, v = line.partition(": ")
            d[k] = v.rstrip("\n")
    except OSError:
        pass
    return d
answers = {}  # emitted file -> {config: answer}
chc = os.path.join(out, "chc")
if os.path.exists(os.path.join(chc, "results.csv")):
    for r in csv.DictReader(open(os.path.join(chc, "results.csv"), newline="")):
        f = record(os.path.join(chc, os.path.dirname(r["log"]))).get("file", "")
        st = r["status"]
        answers.setdefault(f, {})[r["config"]] = st if st in ("sat", "unsat", "unknown") else \
            "timeout" if st in ("TIMEOUT", "OUT OF MEMORY") else "error"
print("task,expected,verify,chc,z3,agree")
ver = os.path.join(out, "verify")
for r in sorted(csv.DictReader(open(os.path.join(ver, "results.csv"), newline="")), key=lambda r: r["task"]):
    verdict = {"true": "TRUE", "false(unreach-call)": "FALSE", "unknown": "UNKNOWN"}.get(r["status"], "-")
    emitted = os.path.join(ver, os.path.dirname(r["log"]), "emitted.smt2")
    a = answers.get(emitted, {})
    written = os.path.exists(emitted) and os.path.getsize(emitted) > 0
    c, z = (a.get("craig", "timeout"), a.get("z3", "timeout")) if written else ("-", "-")
    said = [v for v in (verdict, {"sat": "TRUE", "unsat": "FALSE"}.get(c), {"sat": "TRUE", "unsat": "FALSE"}.get(z))
            if v in ("TRUE", "FALSE")]
    agree = "" if len(said) < 2 else ("yes" if len(set(said)) == 1 else "no")
    task = r["task"][:-4] if r["task"].endswith(".yml") else r["task"]
    print("%s,%s,%s,%s,%s,%s" % (task, r["expected"] or "-", verdict, c, z, agree))
PY
awk -F, 'NR > 1 { n++; if ($4 != "-") files++; if ($6 == "yes") yes++; if ($6 == "no") { no++; bad = bad "\n- " $1 ": verify " $3 ", chc " $4 ", z3 " $5 }
  if ($5 == "sat" || $5 == "unsat") z3a++; if ($4 == "sat" || $4 == "unsat") chca++
  if ($3 == "TRUE" && $5 == "sat" || $3 == "FALSE" && $5 == "unsat") vz++ }
  END { printf "# craig verify --emit-chc, %d tasks\n\n", n
        printf "| files written | craig chc answered | z3 answered | craig verify and z3 agree | all agreements | disagreements |\n|---|---|---|---|---|---|\n"
        printf "| %d | %d | %d | %d | %d | %d |\n", files, chca, z3a, vz, yes, no
        if (no) printf "\n## Disagreements\n%s\n", bad }' "$csv" >"$out/summary.md"
cat "$out/summary.md"
! grep -q ',no$' "$csv"
