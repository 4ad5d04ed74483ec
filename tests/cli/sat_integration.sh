#!/usr/bin/env bash
# sat_integration.sh CRAIG — `--sat-integration` and `:sat-integration`: offline always works;
# online works on a build with CaDiCaL's external propagator and is refused with the reason
# (exit 2 on the command line, an SMT-LIB error and exit 3 in a script) on one without.
set -uo pipefail
craig=$1
. "$(dirname "$0")/lib.sh"
printf '(declare-const p Bool)\n(declare-const q Bool)\n(assert (or p q))\n(assert (not p))\n(check-sat)\n(get-value (q))\n' >"$tmp/a.smt2"
{ printf '(set-option :sat-integration online)\n'; cat "$tmp/a.smt2"; } >"$tmp/b.smt2"
run offline 0 solve --sat-integration offline "$tmp/a.smt2" && has out "((q true))" && ok offline
run unknown-value 2 solve --sat-integration sometimes "$tmp/a.smt2" && has err "unknown value sometimes" && ok unknown-value
printf '(check-sat)\n' >"$tmp/probe.smt2"
if "$craig" solve --sat-integration online "$tmp/probe.smt2" >/dev/null 2>&1; then
  run online 0 solve --sat-integration online "$tmp/a.smt2" && has out "((q true))" && ok online
  run online-set-option 0 solve "$tmp/b.smt2" && has out "((q true))" && ok online-set-option
else
  run online-refused 2 solve --sat-integration online "$tmp/a.smt2" && has err "external propagator" && ok online-refused
  run online-set-option-refused 3 solve "$tmp/b.smt2" && has out "external propagator" && ok online-set-option-refused
fi
finish
