#!/usr/bin/env bash
# bench/instructions.sh ENGINES FILE...
#
# Instructions executed by `craig verify --engine E FILE` for each engine of the comma-separated
# list ENGINES and each FILE (a C file or task file), counted by valgrind's callgrind (the `Ir`
# total it reports). Unlike CPU time the count does not depend on the machine's load, so two
# engines that should do the same work can be compared per task on a shared machine; it says
# nothing about cache misses or memory stalls. Runs are about 50x slower than natively.
# Output (stdout): CSV  file,engine,verdict,instructions
# Environment: CRAIG (binary, default <repository>/build/craig), CRAIG_VERIFY_ARGS (added to
# every run). Needs valgrind (Debian package valgrind; bench only, see the README).
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/.." && pwd)
craig=${CRAIG:-$top/build/craig}
if [ $# -lt 2 ]; then echo "usage: bench/instructions.sh ENGINES FILE..." >&2; exit 2; fi
command -v valgrind > /dev/null || { echo "bench/instructions.sh: valgrind not found (apt install valgrind)" >&2; exit 2; }
engines=$1; shift
echo "file,engine,verdict,instructions"
for f in "$@"; do
  for e in ${engines//,/ }; do
    # shellcheck disable=SC2086
    out=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null "$craig" verify --engine "$e" ${CRAIG_VERIFY_ARGS:-} "$f" 2>&1)
    verdict=$(sed -n 's/^Verification result: \([A-Z]*\).*/\1/p' <<< "$out")
    ir=$(sed -n 's/.*Collected : \([0-9]*\).*/\1/p' <<< "$out")
    [ -n "$ir" ] || { echo "bench/instructions.sh: no instruction count for $e on $f" >&2; ir=NA; }
    echo "$f,$e,${verdict:-none},$ir"
  done
done
