#!/usr/bin/env bash
# fake_craig.sh chc ARGS — a wrong `craig chc` (the file: the argument ending in .smt2) for
# chc.diff_z3.checker_fails and bench.chc_sh: FAKE_CHC=unsat
# answers unsat everywhere; FAKE_CHC=badmodel answers sat with the model `true` for every
# predicate (read off the file's declare-funs), which the queries refute.
if [ "${FAKE_CHC:-unsat}" = unsat ]; then
  echo unsat
  exit 0
fi
echo sat
file=
for a in "$@"; do case $a in *.smt2) file=$a ;; esac; done
grep -o '^(declare-fun [^ ]* ([^)]*) Bool)' "$file" | while read -r _ name rest; do
  sorts=${rest%) Bool)}
  sorts=${sorts#(}
  params="" i=0
  for s in $sorts; do params="$params (a$i $s)"; i=$((i + 1)); done
  echo "(define-fun $name (${params# }) Bool true)"
done
exit 0
