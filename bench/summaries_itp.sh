#!/usr/bin/env bash
# bench/summaries_itp.sh [KS="4 8"] [MS="4 8"] [TIMEOUT=60]
#
# Issue 21, "interpolation systems compared on these workloads (as Table 4.1 of Asadi's thesis
# does)": the engine `summaries` with summary reuse on the multi-assertion programs of
# bench/gen_multi_assert.py, once per combination of a Boolean system (McMillan, Pudlák,
# McMillan′) and an arithmetic one (Farkas, dual Farkas, decomposed Farkas). Each combination is
# one run of bench/summaries_reuse.sh (mode summaries-reuse, the same tasks, CPU-time limit
# TIMEOUT) with CRAIG_VERIFY_ARGS="--itp-bool B --itp-lra L"; this script then reads their
# results and JSON statistics into
#   ${CRAIG_BENCH_RESULTS:-../bench-results}/summaries-itp-<date>/
#     itp.csv     bool,lra,k,m,result,expected,cpu,reused,nondet,stored,stored_nodes
#     summary.md  per combination: solved, wrong, total CPU of the solved, reuse rate
#                 (summaries.reused / (reused + nondet): how often a call met a summary where the
#                 lazy scheme would otherwise havoc it), mean summary size (stored term nodes per
#                 stored summary)
#     runs/B-L/   the summaries_reuse.sh output of each combination
# Exit status 1 when any run gave a wrong verdict. CRAIG (the binary) and SUMMARIES_SEED as in
# summaries_reuse.sh; SUMMARIES_ITP_BOOL and SUMMARIES_ITP_LRA replace the lists of systems.
set -uo pipefail
export LC_ALL=C
here=$(cd "$(dirname "$0")" && pwd)
ks=${1:-4 8} ms=${2:-4 8} timeout=${3:-60}
bools=${SUMMARIES_ITP_BOOL:-mcmillan pudlak mcmillan-prime}
lras=${SUMMARIES_ITP_LRA:-farkas dual-farkas decomposed-farkas}
top=$(git -C "$here" rev-parse --show-toplevel 2>/dev/null || (cd "$here/.." && pwd))
base=${CRAIG_BENCH_RESULTS:-$top/../bench-results}
out="$base/summaries-itp-$(date +%Y%m%d-%H%M%S)"
mkdir -p "$out/runs"
echo "bool,lra,k,m,result,expected,cpu,reused,nondet,stored,stored_nodes" >"$out/itp.csv"
status=0
# A statistic from a JSON line (0 when absent).
stat() { grep -o "\"$1\":[0-9.]*" "$2" 2>/dev/null | head -1 | cut -d: -f2 || true; }
for b in $bools; do
  for l in $lras; do
    run="$out/runs/$b-$l"
    mkdir -p "$run"
    CRAIG_BENCH_RESULTS="$run" SUMMARIES_MODES="summary-reuse" CRAIG_VERIFY_ARGS="--itp-bool $b --itp-lra $l" \
      bash "$here/summaries_reuse.sh" "$ks" "$ms" "$timeout" >"$run/log.txt" 2>&1 || status=1
    res=$(ls -d "$run"/summaries-reuse-* | head -1)
    tail -n +2 "$res/results.csv" | while IFS=, read -r k m mode result expected cpu wall; do
      j="$res/runs/$mode/json/${k}_$m.json"
      r=$(stat summaries.reused "$j") n=$(stat summaries.nondet "$j") s=$(stat summaries.stored "$j") z=$(stat summaries.stored-nodes "$j")
      echo "$b,$l,$k,$m,$result,$expected,$cpu,${r:-0},${n:-0},${s:-0},${z:-0}" >>"$out/itp.csv"
    done
  done
done
{
  echo "# Interpolation systems on the multi-assertion programs ($(date +%Y-%m-%d), $(git -C "$top" rev-parse --short HEAD))"
  echo
  echo "k in {$ks}, m in {$ms}, seed ${SUMMARIES_SEED:-1}, CPU limit $timeout s, \`--engine summaries --summaries-reuse\`."
  echo
  echo "| bool | lra | solved | wrong | CPU of solved (s) | reuse rate | mean summary size (nodes) |"
  echo "|---|---|---:|---:|---:|---:|---:|"
  awk -F, 'NR > 1 {
      key = $1 "|" $2; order[key] = order[key] ? order[key] : ++n; names[n] = key
      ok = ($5 == "TRUE" && $6 == "true") || ($5 == "FALSE" && $6 == "false")
      bad = ($5 == "TRUE" && $6 == "false") || ($5 == "FALSE" && $6 == "true")
      solved[key] += ok; wrong[key] += bad; if (ok) cpu[key] += $7
      reused[key] += $8; nondet[key] += $9; stored[key] += $10; nodes[key] += $11 }
    END { for (i = 1; i <= n; i++) { k = names[i]; split(k, p, "|")
      rate = reused[k] + nondet[k] ? reused[k] / (reused[k] + nondet[k]) : 0
      size = stored[k] ? nodes[k] / stored[k] : 0
      printf "| %s | %s | %d | %d | %.1f | %.2f | %.1f |\n", p[1], p[2], solved[k], wrong[k], cpu[k], rate, size } }' "$out/itp.csv"
} >"$out/summary.md"
cat "$out/summary.md"
echo "bench/summaries_itp.sh: results in $out"
exit $status
