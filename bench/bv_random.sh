#!/usr/bin/env bash
# bench/bv_random.sh [N=10000] [FIRST_SEED=1]
#
# Differential run of craig against z3 (cvc5 breaks ties) on N random QF_BV scripts
# (tests/tools/gen_bv.cpp) with every unsat proof checked and final models checked by z3:
# tests/smt/diff_random.sh in logic QF_BV. Needs build/craig; the generator is taken from
# build/tests/gen_bv (or compiled). Last line: `N passed, M failed`.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
CRAIG_FLAGS=${CRAIG_FLAGS:---check-proofs} exec bash "$root/tests/smt/diff_random.sh" "$root/build/craig" "${1:-10000}" "${2:-1}" QF_BV
