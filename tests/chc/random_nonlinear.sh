#!/usr/bin/env bash
# random_nonlinear.sh CRAIG GEN FIRST COUNT TIMEOUT FLOOR — craig chc (default engine: the
# portfolio hands nonlinear systems to whale) against z3 on the random nonlinear Horn systems
# `GEN SEED` for SEED = FIRST .. FIRST+COUNT-1 (tests/tools/gen_chc.cpp), TIMEOUT seconds each,
# through diff_z3.sh: no disagreement with z3, every sat model accepted by z3, no self-check
# failure or crash, at least FLOOR definite answers. Exit 77 (skipped) without z3.
set -u
craig=$1 gen=$2 first=$3 count=$4 t=$5 floor=$6
if ! command -v z3 >/dev/null 2>&1; then echo "skipped: z3 not found"; exit 77; fi
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
for ((s = first; s < first + count; s++)); do
  "$gen" "$s" >"$dir/$(printf 'seed%06d' "$s").smt2" || { echo "FAIL: $gen $s"; exit 1; }
done
bash "$(dirname "$0")/diff_z3.sh" "$craig" "$dir" "$count" "$t" "$floor"
