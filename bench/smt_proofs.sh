#!/usr/bin/env bash
# smt_proofs.sh [TIMEOUT=60] [LOGICS="QF_UF QF_LRA QF_UFLRA"]
#
# Cost of proofs on the unsat files of the development sets: every file whose expected answers
# include unsat, in one `craig bench run --tool solve` ($CRAIG, default build/craig; TIMEOUT s of
# CPU per run, one run at a time) with two configurations:
#   plain:  craig solve FILE
#   proofs: craig solve --check-proofs --reduce-proofs --proof-stats FILE
# The proofs run records the DRAT trace, mines, reduces and checks the proof of every unsat
# answer and prints one `; proof:` line each on stderr (src/smtlib/queries.cpp). From it:
#   solve-with-proofs = CPU time of the proofs run - mining - reduction - checking,
#   ratio = solve-with-proofs / plain (the recording overhead), and the proof sizes
#   (resolutions before and after reduction), mining, reduction and checking seconds.
# Files answered unsat by both runs count; the others are listed as timeouts/unknown. The columns
# keep their names: plain_s and proofs_run_s are CPU seconds as craig bench measures them.
#
# Output: ../bench-results/smt-proofs-<stamp>/: bench/ (craig bench's folder), results.csv and
# summary.md (medians, worst cases, totals). The dev set is $CRAIG_BENCH, default
# <repository>/../shared/bench/smt.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
timeout=${1:-60}
logics=${2:-QF_UF QF_LRA QF_UFLRA}
craig=${CRAIG:-$here/../build/craig}
bench=${CRAIG_BENCH:-$here/../../shared/bench/smt}
[ -x "$craig" ] || { echo "smt_proofs.sh: no craig binary at $craig (./run.sh build)" >&2; exit 2; }
[ -d "$bench" ] || { echo "smt_proofs.sh: no dev set at $bench" >&2; exit 2; }
bench=$(cd "$bench" && pwd)
out=${CRAIG_BENCH_RESULTS:-$here/../../bench-results}/smt-proofs-$(date +%Y%m%d-%H%M%S)
mkdir -p "$out"
out=$(cd "$out" && pwd)
csv=$out/results.csv
: >"$out/unsat.list"
for logic in $logics; do
  [ -f "$bench/$logic/INDEX.tsv" ] || continue
  awk -F'\t' -v d="$bench/$logic" 'NR > 1 && $2 ~ /unsat/ { print d "/" $1 }' "$bench/$logic/INDEX.tsv" >>"$out/unsat.list"
done
[ -s "$out/unsat.list" ] || { echo "smt_proofs.sh: no unsat file in $logics under $bench" >&2; exit 2; }
if ! "$craig" bench run "$out/unsat.list" --tool solve --timeout "$timeout" --jobs 1 --out "$out/bench" \
  --config plain= --config "proofs=--check-proofs --reduce-proofs --proof-stats" </dev/null >"$out/bench.log" 2>&1; then
  echo "smt_proofs.sh: craig bench run failed (see $out/bench.log)" >&2
  tail -3 "$out/bench.log" >&2
  exit 2
fi
# results.csv; the files not answered unsat by both (and failed proof checks) in other.txt.
python3 - "$out" "$bench" >"$csv" 2>"$out/other.txt" <<'PY'
import csv, os, sys
out, bench = sys.argv[1], sys.argv[2]
rows = {}
for r in csv.DictReader(open(os.path.join(out, "bench", "results.csv"), newline="")):
    rows.setdefault(r["task"], {})[r["config"]] = r
print("file,plain_s,proofs_run_s,solve_with_proofs_s,ratio,mine_s,reduce_s,check_s,proofs,nodes,resolutions,reduced_resolutions")
def first_answer(r):
    lines = open(os.path.join(out, "bench", r["log"]), errors="replace").read().split()
    return next((w for w in lines if w in ("sat", "unsat", "unknown")), "")
for task in sorted(rows):
    a, b = rows[task].get("plain"), rows[task].get("proofs")
    if not a or not b:
        continue
    if b["exit_code"] in ("1", "10"):
        print("%s (proof check failed, exit %s)" % (task, b["exit_code"]), file=sys.stderr)
        continue
    if first_answer(a) != "unsat" or first_answer(b) != "unsat":
        print(task, file=sys.stderr)
        continue
    err = open(os.path.join(out, "bench", os.path.dirname(b["log"]), "stderr.log"), errors="replace").read()
    n = nodes = res = red = 0
    mine = rd = chk = 0.0
    for line in err.splitlines():
        if not line.startswith("; proof:"):
            continue
        n += 1
        w = line.split()
        for i in range(2, len(w) - 1):
            k, v = w[i], w[i + 1]
            if k == "nodes": nodes += int(v)
            elif k == "resolutions": res += int(v)
            elif k == "reduced-resolutions": red += int(v)
            elif k == "mine-seconds": mine += float(v)
            elif k == "reduce-seconds": rd += float(v)
            elif k == "check-seconds": chk += float(v)
    plain, run = float(a["cputime"]), float(b["cputime"])
    solve = max(run - mine - rd - chk, 0.001)
    print("%s,%.3f,%.3f,%.3f,%.3f,%.3f,%.3f,%.3f,%d,%d,%d,%d" % (task, plain, run, solve, solve / max(plain, 0.001),
                                                               mine, rd, chk, n, nodes, res, red))
PY
mapfile -t other <"$out/other.txt"
{
  echo "# Proof cost on the unsat dev-set files ($(date -u +%Y-%m-%d), timeout ${timeout}s, $("$craig" --version))"
  echo
  awk -F, 'NR > 1 { n++; r[n] = $5; plain += $2; solve += $4; mine += $6; rd += $7; chk += $8
                    res += $11; red += $12; if ($5 > worst) { worst = $5; wf = $1 } }
    END {
      if (n == 0) { print "no file answered unsat in both runs"; exit }
      # median of the ratios
      for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (r[j] < r[i]) { t = r[i]; r[i] = r[j]; r[j] = t }
      med = (n % 2) ? r[(n + 1) / 2] : (r[n / 2] + r[n / 2 + 1]) / 2
      printf "| files | median ratio | worst ratio (file) | plain total | solve with proofs | mining | reduction | checking | resolutions | after reduction |\n"
      printf "|---|---|---|---|---|---|---|---|---|---|\n"
      printf "| %d | %.2fx | %.2fx (%s) | %.1f s | %.1f s | %.1f s | %.1f s | %.1f s | %d | %d (%.0f%%) |\n",
             n, med, worst, wf, plain, solve, mine, rd, chk, res, red, res ? 100 * (red - res) / res : 0
    }' "$csv"
  echo
  echo "Ratio: solve time with proof recording (CPU time of the proofs run minus mining, reduction"
  echo "and checking) over the plain run's CPU time, per file. Sizes are summed over all proofs."
  echo
  echo "Not answered unsat by both runs (timeouts, unknowns): ${#other[@]}"
  for f in "${other[@]}"; do echo "- $f"; done
} >"$out/summary.md"
cat "$out/summary.md"
echo "results: $out"
