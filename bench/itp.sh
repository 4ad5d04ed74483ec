#!/usr/bin/env bash
# itp.sh [TIMEOUT=60]
#
# Interpolation benchmark on the interpolation tests of the development set (OpenSMT's and
# SMTInterpol's, under $CRAIG_BENCH or <repository>/../shared/bench/smt) whose logic craig
# handles: per system, the get-interpolants answered, the time of interpolation (mining and
# labeled interpolation) over the time of solving, interpolant sizes; cvc5's get-interpolant on
# every binary query in the same run. Binary: $CRAIG (default build/craig). Output:
# ../bench-results/itp-<stamp>/{results.csv,cvc5.csv,summary.md} (bench/lib/itp_bench.py).
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
timeout=${1:-60}
craig=${CRAIG:-$here/../build/craig}
bench=${CRAIG_BENCH:-$here/../../shared/bench/smt}
[ -x "$craig" ] || { echo "itp.sh: no craig binary at $craig (./run.sh build)" >&2; exit 2; }
[ -d "$bench/opensmt-regression/interpolation" ] || { echo "itp.sh: no dev set at $bench" >&2; exit 2; }
files=()
for f in "$bench"/opensmt-regression/interpolation/*.smt2 "$bench"/opensmt-regression/interpolation/*/*.smt2 \
         "$bench"/smtinterpol-interpolation/*.smt2; do
  logic=$(grep -o 'set-logic [A-Z_]*' "$f" | head -1 | cut -d' ' -f2)
  case $logic in QF_UF | QF_LRA | QF_UFLRA | QF_LIA | QF_UFLIA) files+=("$f") ;; esac
done
out=${CRAIG_BENCH_RESULTS:-$here/../../bench-results}/itp-$(date +%Y%m%d-%H%M%S)
mkdir -p "$out"
python3 "$here/lib/itp_bench.py" "$out" "$timeout" "$craig" "${files[@]}"
echo "results: $out"
