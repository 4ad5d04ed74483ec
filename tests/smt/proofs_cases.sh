#!/usr/bin/env bash
# proofs_cases.sh CRAIG FILE...
#
# Runs `CRAIG solve --check-proofs` on every FILE, once as mined and once with --reduce-proofs
# (the SMT-LIB regression cases, which cover
# push/pop, check-sat-assuming, integer cuts, GCD conflicts and div/mod definitions) and fails
# when a proof does not check (exit 10) or craig fails internally (exit 1 or a signal). Other
# exit codes (errors the case expects, unsupported input) are the cases' own business.
set -uo pipefail
craig=$1
shift
failed=0 n=0
for f in "$@"; do
  for mode in "" --reduce-proofs; do
    err=$(timeout -k 5 60 "$craig" solve --timeout 30 --check-proofs $mode "$f" 2>&1 >/dev/null)
    rc=$?
    n=$((n + 1))
    if [ $rc -eq 10 ] || [ $rc -eq 1 ] || [ $rc -ge 124 ]; then
      echo "FAIL rc=$rc $mode $f: $(head -c 300 <<<"$err")"
      failed=$((failed + 1))
    fi
  done
done
echo "$n runs, $failed failed"
[ $failed -eq 0 ]
