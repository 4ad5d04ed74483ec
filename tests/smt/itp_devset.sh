#!/usr/bin/env bash
# itp_devset.sh CRAIG [SYSTEM_ARGS...]
# itp_devset.sh CRAIG --all-systems
#
# The interpolation tests of the development set (OpenSMT's and SMTInterpol's, under
# $CRAIG_BENCH or <repository>/../shared/bench/smt) whose logic craig handles (QF_UF, QF_LRA,
# QF_UFLRA, QF_LIA, QF_UFLIA), run through itp_z3.py: every interpolant craig gives is checked
# by craig itself and by z3; unsupported answers (e.g. Gomory cuts split by the cut, EUF conflicts
# through arithmetic the renaming of mixed terms does not reach) are counted. With --all-systems the files go through
# itp_all_systems.py --strict instead: all 60 systems, each distinct result checked by z3, and
# the strength orders the theory guarantees must hold. Skipped when the dev set is absent
# ("skipped: ...", exit 77: ctest's SKIP_RETURN_CODE, so it is not counted as passed).
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
craig=$1
shift
bench=${CRAIG_BENCH:-$here/../../../shared/bench/smt}
[ -d "$bench/opensmt-regression/interpolation" ] || { echo "skipped: no dev set at $bench"; exit 77; }
command -v python3 >/dev/null || { echo "skipped: python3 not found"; exit 77; }
files=()
for f in "$bench"/opensmt-regression/interpolation/*.smt2 "$bench"/opensmt-regression/interpolation/*/*.smt2 \
         "$bench"/smtinterpol-interpolation/*.smt2; do
  logic=$(grep -o 'set-logic [A-Z_]*' "$f" | head -1 | cut -d' ' -f2)
  case $logic in QF_UF | QF_LRA | QF_UFLRA | QF_LIA | QF_UFLIA) files+=("$f") ;; esac
done
if [ "${1:-}" = --all-systems ]; then
  python3 "$here/itp_all_systems.py" "$craig" "${files[@]}" --strict
else
  python3 "$here/itp_z3.py" "$craig" "${files[@]}" -- "$@"
fi
