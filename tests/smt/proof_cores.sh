#!/usr/bin/env bash
# proof_cores.sh CRAIG FILE...
#
# Unsat cores read off proofs: every FILE (options :produce-proofs and :produce-unsat-cores,
# each named assertion on one line) is run with `CRAIG solve --check-proofs`; the first core it
# prints must be unsat on its own: z3 is given the declarations and the core's assertions only.
# Skips (exit 77, ctest's SKIP_RETURN_CODE, "skipped: z3 not found") when z3 is absent.
set -uo pipefail
craig=$1
shift
if ! command -v z3 >/dev/null 2>&1; then
  echo "skipped: z3 not found"
  exit 77
fi
failed=0
for f in "$@"; do
  out=$("$craig" solve --check-proofs "$f" 2>&1)
  rc=$?
  core=$(grep -m1 -A1 -x unsat <<<"$out" | sed -n 2p)
  if [ $rc -ne 0 ] || [ -z "$core" ]; then
    echo "FAIL $f: craig exit $rc, output: $(head -c 300 <<<"$out")"
    failed=1
    continue
  fi
  names=$(tr -d '()' <<<"$core")
  query=$(grep -v -E '^\((set-option|check-sat|get-|push|pop)' "$f" | while IFS= read -r line; do
    if [[ $line =~ :named\ ([^ ()]+)\)\)$ ]]; then
      grep -qw -- "${BASH_REMATCH[1]}" <<<"$names" && echo "$line"
    else
      echo "$line"
    fi
  done)
  answer=$(printf '%s\n(check-sat)\n' "$query" | z3 -T:20 -in 2>&1)
  if [ "$answer" != unsat ]; then
    echo "FAIL $f: core $core is not unsat for z3 ($answer)"
    failed=1
  else
    echo "ok $f: core $core"
  fi
done
exit $failed
