#!/usr/bin/env bash
# bench/qf_lia_set.sh OUTDIR
#
# The dev QF_LIA set for bench/smt.sh: every file of ../shared/bench/smt/opensmt-regression
# whose (set-logic ...) is QF_LIA and whose .expected.out names at least one sat/unsat answer and
# no error (the rule of the other dev samples: no expected-error tests), linked (not copied) into
# OUTDIR with its .expected.out, under the same relative path.
# The shared data has no QF_LIA sample of its own (see its README); these are OpenSMT's
# regressions (mathsat's FISCHER, dillig, slacks, rings, cuts, div/mod, incremental scripts).
# Prints the number of files linked.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
src=${CRAIG_SHARED:-$here/../../shared}/bench/smt/opensmt-regression
[ $# -eq 1 ] || { echo "usage: bench/qf_lia_set.sh OUTDIR" >&2; exit 2; }
[ -d "$src" ] || { echo "bench/qf_lia_set.sh: no directory $src" >&2; exit 2; }
src=$(cd "$src" && pwd)
out=$1
mkdir -p "$out"
n=0
while IFS= read -r f; do
  [ -f "$src/$f.expected.out" ] || continue
  grep -qE '^(sat|unsat)$' "$src/$f.expected.out" || continue
  ! grep -q '^(error' "$src/$f.expected.out" || continue
  mkdir -p "$out/$(dirname "$f")"
  ln -sf "$src/$f" "$out/$f"
  ln -sf "$src/$f.expected.out" "$out/$f.expected.out"
  n=$((n + 1))
done < <(cd "$src" && grep -rlE '\(set-logic[[:space:]]+QF_LIA[[:space:]]*\)' --include='*.smt2' . | sed 's|^\./||' | LC_ALL=C sort)
echo "$n"
