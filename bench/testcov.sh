#!/usr/bin/env bash
# bench/testcov.sh PROGRAM.c SUITE [--check-goals] [--m32]
# Runs a Test-Comp test suite (a folder with metadata.xml and testcase files, or a .zip of
# one, as `craig testgen` writes) on the program and measures what it covers, the way
# Test-Comp's validator does: the program is compiled with bench/lib/testcomp_harness.c
# (which feeds each test's <input> values to the __VERIFIER_nondet_* calls) by gcc with
# --coverage, every test runs (10 s each), and gcov counts the lines and branches executed.
#
# Output, one line:  tests=N errors=E lines=P% of L branches=Q% of B
#   errors: tests that reached reach_error (harness exit 107, or abort in reach_error);
#   lines, branches: gcov's "Lines executed" and "Taken at least once" of PROGRAM over all tests.
# --check-goals: each test also runs alone and must execute the source line of the goal
#   written in its file ("<!-- craig goal: FILE:LINE:COL ... -->"); a test that does not
#   (or one without a goal) is listed as "goal missed: test-N.xml: ..." and the script exits 1.
# --m32: compile for ILP32 (the data model of most SV-COMP tasks; needs gcc's multilib).
# Needs gcc and gcov (Debian's gcc package); exit 2 on usage errors, 3 when the program does
# not compile with the harness.
set -uo pipefail
export LC_ALL=C
here=$(cd "$(dirname "$0")" && pwd)
if [ $# -lt 2 ] || [ ! -f "$1" ] || [ ! -e "$2" ]; then
  echo "usage: bench/testcov.sh PROGRAM.c SUITE(folder or .zip) [--check-goals] [--m32]" >&2
  exit 2
fi
program=$1 suite=$2
shift 2
check=0 arch=()
for a in "$@"; do
  case $a in
    --check-goals) check=1 ;;
    --m32) arch=(-m32) ;;
    *) echo "bench/testcov.sh: unknown option $a" >&2; exit 2 ;;
  esac
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if [ -f "$suite" ]; then
  mkdir "$work/zip"
  if command -v unzip >/dev/null 2>&1; then
    unzip -q "$suite" -d "$work/zip" || exit 2
  else
    python3 -m zipfile -e "$suite" "$work/zip" || exit 2
  fi
  suite=$(dirname "$(find "$work/zip" -name metadata.xml | head -1)")
fi
[ -f "$suite/metadata.xml" ] || { echo "bench/testcov.sh: $suite has no metadata.xml" >&2; exit 2; }
# The program keeps its name: gcov reports lines of this file (and #line markers of .i files
# name the original file, which is the goal's file too).
name=$(basename "$program")
cp "$program" "$work/$name"
# Compiled apart so that the coverage files are named after the program (NAME.gcno, .gcda).
(cd "$work" && gcc "${arch[@]}" -O0 --coverage -w -fno-builtin -c -o "${name%.*}.o" "$name" &&
  gcc "${arch[@]}" -O0 -w -c -o harness.o "$here/lib/testcomp_harness.c" &&
  gcc "${arch[@]}" --coverage -o prog "${name%.*}.o" harness.o) >"$work/cc.log" 2>&1 ||
  { cat "$work/cc.log" >&2; exit 3; }

inputs_of() { sed -n 's:.*<input[^>]*>\([^<]*\)</input>.*:\1:p' "$1"; }
gcov_text() { (cd "$work" && gcov -t "$name" 2>/dev/null); }  # annotated source on stdout

tests=0 errors=0 missed=0
for t in "$suite"/*.xml; do
  [ "$(basename "$t")" = metadata.xml ] && continue
  tests=$((tests + 1))
  if [ $check = 1 ]; then
    rm -f "$work"/*.gcda
    goal=$(sed -n 's|.*<!-- craig goal: \([^ ]*\).*|\1|p' "$t" | head -1)
  fi
  inputs_of "$t" >"$work/in"
  (cd "$work" && timeout 10 ./prog <in >/dev/null 2>err)
  rc=$?
  if [ $rc = 107 ] || { [ $rc = 134 ] && grep -q 'coversError="true"' "$t"; }; then errors=$((errors + 1)); fi
  if [ $check = 1 ]; then
    line=${goal#*:}
    line=${line%%:*}
    if [ -z "$goal" ] || ! [[ $line =~ ^[0-9]+$ ]]; then
      echo "goal missed: $(basename "$t"): no goal in the file"
      missed=$((missed + 1))
    elif ! gcov_text | awk -F: -v l="$line" '$2 + 0 == l && $1 ~ /[0-9]/ && $1 !~ /#####|=====/ { hit = 1 } END { exit !hit }'; then
      echo "goal missed: $(basename "$t"): line $line of $goal not executed (exit $rc)"
      missed=$((missed + 1))
    fi
    # accumulate nothing: the coverage run below starts clean
  fi
done
if [ $check = 1 ]; then
  rm -f "$work"/*.gcda
  for t in "$suite"/*.xml; do
    [ "$(basename "$t")" = metadata.xml ] && continue
    inputs_of "$t" >"$work/in"
    (cd "$work" && timeout 10 ./prog <in >/dev/null 2>/dev/null)
  done
fi
summary=$(cd "$work" && gcov -b -c -n "$name" 2>/dev/null)
lines=$(echo "$summary" | sed -n 's/^Lines executed:\([0-9.]*\)% of \([0-9]*\)/\1% of \2/p' | head -1)
branches=$(echo "$summary" | sed -n 's/^Taken at least once:\([0-9.]*\)% of \([0-9]*\)/\1% of \2/p' | head -1)
[ -n "$lines" ] || lines="0% of 0"
[ -n "$branches" ] || branches="0% of 0"
echo "tests=$tests errors=$errors lines=$lines branches=$branches"
[ $missed = 0 ]
