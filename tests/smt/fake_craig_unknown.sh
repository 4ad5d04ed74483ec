#!/usr/bin/env bash
# A useless `craig solve` / `craig itp` for smt.random.checker_fails: it never decides anything.
# $FAKE_CRAIG_MODE says how:
#   unknown      every check-sat is answered `unknown`, every get-interpolants and
#                get-dag-interpolants `unsupported` (with `craig itp --all-systems`: nothing),
#                exit 0; other commands print `success` when the script turns :print-success on
#   timeout      nothing is printed, exit 5 (craig's timeout)
#   unsupported  nothing is printed, exit 4 (unsupported input)
#   rejected     nothing is printed, exit 3 (erroneous input)
# The random tests (diff_random.sh, itp_random.py) must fail against each of them: their floors
# on unknown, timed-out, unsupported and rejected answers.
set -u
case ${FAKE_CRAIG_MODE:-unknown} in
  timeout) exit 5 ;;
  unsupported) exit 4 ;;
  rejected) exit 3 ;;
esac
[ "${1:-}" = itp ] && exit 0
file=${!#}
awk '
  /^\(set-option :print-success true\)/ { ps = 1; print "success"; next }
  /^\(check-sat/ { print "unknown"; next }
  /^\(get-(dag-)?interpolants/ { print "unsupported"; next }
  /^\(/ { if (ps) print "success" }
' "$file"
exit 0
