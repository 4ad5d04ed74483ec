#!/usr/bin/env bash
# random_checker_fails.sh
#
# smt.random.checker_fails: the floors of the random tests must fail a craig that never decides
# anything (fake_craig_unknown.sh). diff_random.sh (QF_UF and QF_LRA, 20 seeds each) must fail
# against a craig that answers `unknown` everywhere, times out everywhere and says unsupported
# everywhere; itp_random.py (QF_UF, 20 seeds, with and without --all-systems) against one that
# answers `unsupported` everywhere, and one that rejects every script (exit 3); the same for
# itp_random.py QF_BV (20 seeds). Each run must end with a failed floor ("FAIL floor:") and
# exit 1. Generators as for the tests ($GEN_QF_UF, $GEN_ARITH, $GEN_BV). Skips without z3 or python3.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
command -v python3 >/dev/null || { echo "skipped: python3 not found"; exit 77; }
command -v z3 >/dev/null || { echo "skipped: z3 not found"; exit 77; }
fake=$here/fake_craig_unknown.sh
TMPDIR=$(mktemp -d) || exit 1  # the tests keep the failed problems' scripts there
export TMPDIR
trap 'rm -rf "$TMPDIR"' EXIT
bad=0
# expect WHAT MODE COMMAND...: COMMAND against the fake in MODE must exit 1 with a failed floor.
expect() {
  local what=$1 mode=$2 out rc
  shift 2
  out=$(FAKE_CRAIG_MODE=$mode "$@" 2>&1)
  rc=$?
  if [ "$rc" -eq 1 ] && grep -q "^FAIL floor:" <<<"$out"; then
    echo "ok: $what ($mode): $(grep -m1 '^FAIL floor:' <<<"$out")"
  else
    echo "FAIL: $what passed a craig that answers $mode everywhere (exit $rc):"
    tail -5 <<<"$out"
    bad=1
  fi
}
for mode in unknown timeout unsupported; do
  expect "diff_random.sh QF_UF" "$mode" bash "$here/diff_random.sh" "$fake" 20 1 QF_UF
  expect "diff_random.sh QF_LRA" "$mode" bash "$here/diff_random.sh" "$fake" 20 1 QF_LRA
done
for mode in unknown rejected; do
  expect "itp_random.py QF_UF" "$mode" python3 "$here/itp_random.py" "$fake" 20 1 QF_UF
  expect "itp_random.py QF_UF --all-systems" "$mode" python3 "$here/itp_random.py" "$fake" 20 1 QF_UF --all-systems
  expect "itp_random.py QF_BV" "$mode" python3 "$here/itp_random.py" "$fake" 20 1 QF_BV
done
exit $bad
