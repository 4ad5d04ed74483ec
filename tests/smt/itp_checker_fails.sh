#!/usr/bin/env bash
# itp_checker_fails.sh CRAIG FILE...
#
# The interpolant checkers must fail what is wrong: wrong_interpolants.py runs CRAIG and negates
# the first formula of every interpolant answer, and then itp_z3.py must fail every FILE (each
# has an answered get-interpolants or get-dag-interpolants), itp_all_systems.py every FILE with
# a get-interpolants, and itp_random.py --all-systems (generators as for itp_random.py) at least
# one of 20 random QF_UF problems. Skips without z3 or python3.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
craig=$1
shift
command -v python3 >/dev/null || { echo "skipped: python3 not found"; exit 77; }
command -v z3 >/dev/null || { echo "skipped: z3 not found"; exit 77; }
export REAL_CRAIG=$craig
TMPDIR=$(mktemp -d) || exit 1  # itp_random.py keeps the failed problems' scripts there
export TMPDIR
trap 'rm -rf "$TMPDIR"' EXIT
liar=$here/wrong_interpolants.py
bad=0
expect() {  # expect WHAT OUTPUT REGEX
  if grep -Eq "$3" <<<"$2"; then echo "ok: $1: $(tail -1 <<<"$2")"; else
    echo "FAIL: $1 passed wrong interpolants:"; echo "$2" | tail -5; bad=1; fi
}
out=$(python3 "$here/itp_z3.py" "$liar" "$@")
expect "itp_z3.py" "$out" "^0 passed, $# failed$"
itp_files=$(grep -l "get-interpolants" "$@")
# shellcheck disable=SC2086
out=$(python3 "$here/itp_all_systems.py" "$liar" $itp_files)
expect "itp_all_systems.py" "$out" "^0 passed, $(wc -w <<<"$itp_files") failed$"
out=$(python3 "$here/itp_random.py" "$liar" 20 1 QF_UF --all-systems)
expect "itp_random.py --all-systems" "$out" "^[0-9]+ passed, [1-9][0-9]* failed$"
exit $bad
