#!/usr/bin/env bash
# bench/bv_random.sh [N=10000] [FIRST_SEED=1]
#
# Differential run of craig against z3 (cvc5 breaks ties) on N random QF_BV scripts
# (tests/tools/gen_bv.cpp) with every unsat proof checked and final models checked by z3:
# tests/smt/diff_random.sh in logic QF_BV (QF_UFBV with LOGIC=QF_UFBV). craig is $CRAIG (default
# build/craig); the generator is build/tests/gen_bv (or compiled). They and the driver scripts
# are copied first and the copies run, so that a build or an edit during the run (the machine
# is shared; bash reads a script as it runs it) cannot change them. Last line:
# `N passed, M failed`.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
craig=${CRAIG:-$root/build/craig}
snap=$(mktemp -d "${TMPDIR:-/tmp}/craig-bv-random.XXXXXX")
trap 'rm -rf "$snap"' EXIT
cp "$craig" "$snap/craig" || exit 2
if [ -x "$root/build/tests/gen_bv" ]; then
  cp "$root/build/tests/gen_bv" "$snap/gen_bv" || exit 2
else
  ${CXX:-c++} -std=c++20 -O2 -o "$snap/gen_bv" "$root/tests/tools/gen_bv.cpp" || exit 2
fi
cp "$root/tests/smt/diff_random.sh" "$root/tests/smt/model_query.sh" "$snap/" || exit 2
logic=${LOGIC:-QF_BV}
echo "bv_random.sh: craig $(sha256sum "$snap/craig" | cut -c1-12) (from $craig), $logic, seeds ${2:-1}..$((${2:-1} + ${1:-10000} - 1))"
CRAIG_FLAGS=${CRAIG_FLAGS:---check-proofs} GEN="$snap/gen_bv" \
  bash "$snap/diff_random.sh" "$snap/craig" "${1:-10000}" "${2:-1}" "$logic"
