#!/usr/bin/env bash
# smt_proofs.sh [TIMEOUT=60] [LOGICS="QF_UF QF_LRA QF_UFLRA"]
#
# Cost of proofs on the unsat files of the development sets: every file whose expected answers
# include unsat is run twice by craig ($CRAIG, default build/craig), one run after the other:
#   plain:  craig solve --timeout T FILE
#   proofs: craig solve --timeout T --check-proofs --reduce-proofs --proof-stats FILE
# The proofs run records the DRAT trace, mines, reduces and checks the proof of every unsat
# answer and prints one `; proof:` line each (src/smtlib/queries.cpp). From it:
#   solve-with-proofs = wall time of the proofs run - mining - reduction - checking,
#   ratio = solve-with-proofs / plain (the recording overhead), and the proof sizes
#   (resolutions before and after reduction), mining, reduction and checking seconds.
# Files answered by both runs count; the others are listed as timeouts/unknown.
#
# Output: ../bench-results/smt-proofs-<stamp>/results.csv and summary.md (medians, worst cases,
# totals). The dev set is $CRAIG_BENCH, default <repository>/../shared/bench/smt.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
timeout=${1:-60}
logics=${2:-QF_UF QF_LRA QF_UFLRA}
craig=${CRAIG:-$here/../build/craig}
bench=${CRAIG_BENCH:-$here/../../shared/bench/smt}
[ -x "$craig" ] || { echo "smt_proofs.sh: no craig binary at $craig (./run.sh build)" >&2; exit 2; }
[ -d "$bench" ] || { echo "smt_proofs.sh: no dev set at $bench" >&2; exit 2; }
out=${CRAIG_BENCH_RESULTS:-$here/../../bench-results}/smt-proofs-$(date +%Y%m%d-%H%M%S)
mkdir -p "$out"
csv=$out/results.csv
echo "file,plain_s,proofs_run_s,solve_with_proofs_s,ratio,mine_s,reduce_s,check_s,proofs,nodes,resolutions,reduced_resolutions" >"$csv"
now() { date +%s.%N; }
other=()
for logic in $logics; do
  [ -f "$bench/$logic/INDEX.tsv" ] || continue
  while IFS= read -r f; do
    t0=$(now)
    a=$(timeout -k 5 $((timeout + 10)) "$craig" solve --timeout "$timeout" "$f" 2>/dev/null)
    t1=$(now)
    err=$(mktemp)
    b=$(timeout -k 5 $((timeout + 10)) "$craig" solve --timeout "$timeout" --check-proofs --reduce-proofs --proof-stats "$f" 2>"$err")
    rc=$?
    t2=$(now)
    if [ $rc -eq 10 ] || [ $rc -eq 1 ]; then
      echo "FAIL rc=$rc $f: $(head -c 300 "$err")"
      other+=("$f (proof check failed, rc $rc)")
    elif grep -qx unsat <<<"$b" && grep -qx unsat <<<"$a"; then
      awk -v f="${f#$bench/}" -v t0="$t0" -v t1="$t1" -v t2="$t2" '
        /^; proof:/ {
          n++
          for (i = 2; i < NF; i++) {
            if ($i == "nodes") nodes += $(i + 1)
            if ($i == "resolutions") res += $(i + 1)
            if ($i == "reduced-resolutions") red += $(i + 1)
            if ($i == "mine-seconds") mine += $(i + 1)
            if ($i == "reduce-seconds") rd += $(i + 1)
            if ($i == "check-seconds") chk += $(i + 1)
          }
        }
        END {
          plain = t1 - t0; run = t2 - t1; solve = run - mine - rd - chk
          if (solve < 0.001) solve = 0.001
          printf "%s,%.3f,%.3f,%.3f,%.3f,%.3f,%.3f,%.3f,%d,%d,%d,%d\n", f, plain, run, solve,
                 solve / (plain > 0.001 ? plain : 0.001), mine, rd, chk, n, nodes, res, red
        }' "$err" >>"$csv"
    else
      other+=("$f")
    fi
    rm -f "$err"
  done < <(awk -F'\t' -v d="$bench/$logic" 'NR > 1 && $2 ~ /unsat/ { print d "/" $1 }' "$bench/$logic/INDEX.tsv")
done

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
  echo "Ratio: solve time with proof recording (wall time of the proofs run minus mining, reduction"
  echo "and checking) over the plain run's wall time, per file. Sizes are summed over all proofs."
  echo
  echo "Not answered unsat by both runs (timeouts, unknowns): ${#other[@]}"
  for f in "${other[@]}"; do echo "- ${f#$bench/}"; done
} >"$out/summary.md"
cat "$out/summary.md"
echo "results: $out"
