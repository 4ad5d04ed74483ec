#!/usr/bin/env bash
# testgen.sh CRAIG CASES BENCH — `craig testgen` (issue 20) on the programs of tests/testgen:
# goals covered / unreachable per coverage kind, with and without learning, the Test-Comp files
# (metadata, typed inputs, the zip), and every test run by bench/testcov.sh (the program
# compiled by gcc with the Test-Comp harness and --coverage): each test must execute its goal's
# line, error tests must reach reach_error. Errors: missing file and directory (6), syntax (3).
# Skipped (exit 77) without gcc and gcov.
# Prints `ok NAME` / `FAIL NAME: why` and `N passed, M failed`; exit status 1 if anything failed.
set -u
craig=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
cases=$(cd "$2" && pwd)
testcov=$(cd "$3" && pwd)/testcov.sh
source "$(dirname "$0")/lib.sh"
if ! command -v gcc >/dev/null 2>&1 || ! command -v gcov >/dev/null 2>&1; then
  echo "skipped: gcc or gcov not installed"
  exit 77
fi

# summary NAME: the figures of the "Goals:" line as "goals covered unreachable undecided".
summary() {
  sed -n 's/^Goals: \([0-9]*\) ([a-z]*): \([0-9]*\) covered, \([0-9]*\) unreachable, \([0-9]*\) undecided$/\1 \2 \3 \4/p' "$tmp/out"
}

# gen NAME FILE WANT ARGS...: craig testgen must end with exit 0, the summary WANT ("goals covered
# unreachable undecided") and no test dropped by its replay; then every test must pass
# bench/testcov.sh --check-goals (its gcov figures stay in $tmp/cov).
gen() {
  local name=$1 file=$2 want=$3
  shift 3
  rm -rf "$tmp/suite" "$tmp/suite.zip" "$tmp/cov"
  if run "$name" 0 testgen "$cases/$file" --output "$tmp/suite" --timeout 50 "$@"; then
    local got
    got=$(summary)
    if [ "$got" != "$want" ]; then
      fail "$name" "summary '$got', expected '$want'"
    elif has err "does not pass the goal"; then
      fail "$name" "tests dropped by the replay"
    else
      ok "$name"
    fi
    if [ -d "$tmp/suite" ]; then
      if "$testcov" "$cases/$file" "$tmp/suite" --check-goals >"$tmp/cov" 2>&1; then
        ok "$name.replay"
      else
        fail "$name.replay" "$(head -3 "$tmp/cov")"
      fi
    fi
  fi
}

gen branches.statements branches.c "16 15 1 0"
gen branches.branches branches.c "9 8 1 0" --cover branches
gen branches.no_learning branches.c "9 8 1 0" --cover branches --no-learning
gen error.error error.c "1 1 0 0" --cover error
gen no_error.error no_error.c "1 0 1 0" --cover error

# A reactive state machine (issue 50 item 6): every test passes its goal and then runs out of
# inputs in a later round, and switch outcomes ("[case N]", "[default]" of a switch with and
# without a default label) are goals. All 16 are covered: gcov (bench/testcov.sh) finds every
# line of the suite's runs executed and every arc of both switches taken.
gen state_machine.branches state_machine.c "16 16 0 0" --cover branches
if [ -f "$tmp/cov" ]; then
  if grep -q ' lines=100.00% of 34 ' "$tmp/cov"; then
    ok state_machine.gcov
  else
    fail state_machine.gcov "$(tail -1 "$tmp/cov")"
  fi
fi
# The error test's goal comment names the reach_error call the test reaches (not main).
gen state_machine.error state_machine.c "1 1 0 0" --cover error
if [ -f "$tmp/suite/test-1.xml" ]; then
  if grep -q '<!-- craig goal: [^ ]*/state_machine.c:42:11 reach_error() in main -->' "$tmp/suite/test-1.xml"; then
    ok state_machine.error_goal
  else
    fail state_machine.error_goal "$(grep 'craig goal' "$tmp/suite/test-1.xml")"
  fi
fi

# The suite's files: metadata of coverage-branches, typed inputs, goal comments; the error test
# marked coversError and reaching reach_error under the harness (exit 107).
if run files 0 testgen "$cases/branches.c" --cover branches --output "$tmp/files"; then
  if grep -q "<specification>COVER( init(main()), FQL(COVER EDGES(@DECISIONEDGE)) )</specification>" \
    "$tmp/files/metadata.xml" && grep -q '<input type="unsigned char">200</input>' "$tmp/files"/test-*.xml &&
    grep -q '<!-- craig goal: ' "$tmp/files/test-1.xml"; then
    ok files
  else
    fail files "metadata or test files not as expected"
  fi
fi
if run error_test 0 testgen "$cases/error.c" --cover error --output "$tmp/errsuite"; then
  if grep -q 'coversError="true"' "$tmp/errsuite/test-1.xml" &&
    "$testcov" "$cases/error.c" "$tmp/errsuite" | grep -q '^tests=1 errors=1 '; then
    ok error_test
  else
    fail error_test "the error test does not reach reach_error"
  fi
fi

# The goal check itself: a test whose goal names a line it does not execute must be reported.
if [ -f "$tmp/errsuite/test-1.xml" ]; then
  sed -i 's|<!-- craig goal: [^ ]*|<!-- craig goal: error.c:12:3|' "$tmp/errsuite/test-1.xml"
  if "$testcov" "$cases/error.c" "$tmp/errsuite" --check-goals >"$tmp/cov" 2>&1; then
    fail checker_fails "a wrong goal line passed the check"
  elif grep -q "goal missed: test-1.xml: line 12" "$tmp/cov"; then
    ok checker_fails
  else
    fail checker_fails "$(head -2 "$tmp/cov")"
  fi
fi

# --zip: one archive with the folder test-suite/ inside, readable by unzip (or python's zipfile).
if run zip 0 testgen "$cases/branches.c" --cover branches --output "$tmp/z" --zip; then
  if [ -f "$tmp/z.zip" ] && [ ! -e "$tmp/z" ] && "$testcov" "$cases/branches.c" "$tmp/z.zip" >"$tmp/cov" 2>&1 &&
    grep -q '^tests=[1-9]' "$tmp/cov"; then
    ok zip
  else
    fail zip "no readable archive: $(head -2 "$tmp/cov" 2>/dev/null)"
  fi
fi

# Statistics: the paper's measure (backtracks) and the learned labels.
if run stats 0 testgen "$cases/branches.c" --output "$tmp/s" --stats; then
  if has out "lazy.backtracks:" && has out "testgen.tests:"; then ok stats; else fail stats "no statistics"; fi
fi

# Killed from outside (SIGKILL, as a competition's limit ends a tool): the tests found so far are
# on disk already, each a complete file that replays to its goal.
rm -rf "$tmp/killed"
rc=$( (timeout -s KILL 8 "$craig" testgen "$cases/endless.c" --output "$tmp/killed" >"$tmp/out" 2>"$tmp/err"
  echo $?) 2>/dev/null)
if [ "$rc" -ne 137 ]; then
  fail killed "exit $rc: the search ended before it was killed"
elif [ -f "$tmp/killed/metadata.xml" ] && [ -f "$tmp/killed/test-1.xml" ] &&
  "$testcov" "$cases/endless.c" "$tmp/killed" --check-goals >"$tmp/cov" 2>&1; then
  ok killed
else
  fail killed "no replaying tests after the kill: $(head -2 "$tmp/cov" 2>/dev/null)"
fi

# Errors.
if run missing 6 testgen "$tmp/none.c"; then ok missing; fi
if run directory 6 testgen "$tmp"; then
  if has err "is a directory"; then ok directory; else fail directory "no message"; fi
fi
printf 'int main(void) { return 0 }\n' >"$tmp/bad.c"
if run syntax 3 testgen "$tmp/bad.c" --output "$tmp/bad"; then
  if has err "bad.c:1:"; then ok syntax; else fail syntax "no position"; fi
fi
if run cover_value 2 testgen "$cases/branches.c" --cover paths; then ok cover_value; fi
finish
