#!/usr/bin/env bash
# itp_devset.sh CRAIG [SYSTEM_ARGS...]
#
# The interpolation tests of the development set (OpenSMT's and SMTInterpol's, under
# $CRAIG_BENCH or <repository>/../shared/bench/smt) whose logic craig handles (QF_UF, QF_LRA,
# QF_UFLRA, QF_LIA, QF_UFLIA), run through itp_z3.py: every interpolant craig gives is checked
# by craig itself and by z3; unsupported answers (e.g. AB-mixed interface equalities, integer
# lemmas split by the cut) are counted. Skipped when the dev set is absent.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
craig=$1
shift
bench=${CRAIG_BENCH:-$here/../../../shared/bench/smt}
[ -d "$bench/opensmt-regression/interpolation" ] || { echo "skipped: no dev set at $bench"; exit 0; }
command -v python3 >/dev/null || { echo "skipped: python3 not found"; exit 0; }
files=()
for f in "$bench"/opensmt-regression/interpolation/*.smt2 "$bench"/opensmt-regression/interpolation/*/*.smt2 \
         "$bench"/smtinterpol-interpolation/*.smt2; do
  logic=$(grep -o 'set-logic [A-Z_]*' "$f" | head -1 | cut -d' ' -f2)
  case $logic in QF_UF | QF_LRA | QF_UFLRA | QF_LIA | QF_UFLIA) files+=("$f") ;; esac
done
python3 "$here/itp_z3.py" "$craig" "${files[@]}" -- "$@"
