#!/usr/bin/env bash
# run_cases.sh CRAIG DIR
#
# Expected-output tests: for every DIR/NAME.smt2 (not recursive), runs `CRAIG solve NAME.smt2`
# inside DIR (so that error locations read NAME.smt2:LINE:COL) and compares standard output
# byte for byte with DIR/NAME.expected. Optional per case:
#   NAME.args   extra command-line arguments (one line, split on blanks)
#   NAME.exit   the expected exit code (default 0)
# A case without NAME.expected fails. Prints a diff for each failure and a summary
# `N passed, M failed`; exit status 1 if anything failed.
set -uo pipefail
if [ $# -ne 2 ]; then
  echo "usage: run_cases.sh CRAIG DIR" >&2
  exit 2
fi
craig=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
dir=$2
if [ ! -x "$craig" ]; then
  echo "run_cases.sh: $1 is not an executable" >&2
  exit 2
fi
cd "$dir" || exit 2

out=$(mktemp "${TMPDIR:-/tmp}/craig-case.XXXXXX")
trap 'rm -f "$out"' EXIT
passed=0
failed=0
shopt -s nullglob
for file in *.smt2; do
  name=${file%.smt2}
  args=()
  [ -f "$name.args" ] && read -r -a args <"$name.args"
  want_rc=0
  [ -f "$name.exit" ] && want_rc=$(tr -d ' \n' <"$name.exit")
  timeout 60 "$craig" solve "${args[@]}" "$file" >"$out" 2>/dev/null
  rc=$?
  if [ ! -f "$name.expected" ]; then
    echo "FAIL $name: no $name.expected"
    failed=$((failed + 1))
  elif [ "$rc" -ne "$want_rc" ]; then
    echo "FAIL $name: exit code $rc, expected $want_rc"
    diff -u "$name.expected" "$out" | sed '1,2d' | head -40
    failed=$((failed + 1))
  elif ! cmp -s "$name.expected" "$out"; then
    echo "FAIL $name: output differs (- expected, + craig)"
    diff -u "$name.expected" "$out" | sed '1,2d' | head -40
    failed=$((failed + 1))
  else
    passed=$((passed + 1))
  fi
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
