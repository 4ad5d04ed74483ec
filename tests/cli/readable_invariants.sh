#!/usr/bin/env bash
# readable_invariants.sh CRAIG — invariants, correctness witnesses and contracts a person reads
# (issue 50 item 14), on the programs of tests/c/invariants:
#
# 1. inv_example.c: `--invariants` and the YAML witness use C names only (no `main::j`, no
#    `assume_abort_if_not::cond`, no `j#8`), no bound that another bound on the same variable
#    subsumes (`j <= 9 && j <= 8`), no bound of the type's range (`n <= 2147483647`); the loop at
#    line 9 (whose proved invariant mentions the callee's parameter `cond`) is in the witness, not
#    left out; the witness passes check_correctness_witness.py (bmc to bound 40: f's loop runs
#    after 20 iterations of the two others).
# 2. shadow.c: the loop inside the block that declares a second `x` states its invariant over
#    that `x` (the outer one projected out), and the witness passes the checker.
# 3. contracts.c with --engine whale: the contracts print as C (`\result`, C names), not SMT-LIB.
# Prints `ok NAME` / `FAIL NAME: why` and `N passed, M failed`; exit status 1 if anything failed.
set -u
craig=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
here=$(cd "$(dirname "$0")" && pwd)
programs="$here/../c/invariants"
checker="$here/../c/check_correctness_witness.py"
source "$here/lib.sh"
[ -f "$programs/inv_example.c" ] || { echo "FAIL: $programs has no inv_example.c"; exit 1; }

# The invariants listing and the witness's invariant values (what a person or validator reads).
readable() { sed -n '/^Invariants\|^Contracts/,$p' "$tmp/out"; sed -n 's/^ *value: //p' "$tmp/w.yml" 2>/dev/null; }

# 1. The example of the brief.
if run example 0 verify "$programs/inv_example.c" --invariants --witness "$tmp/w.yml"; then
  readable > "$tmp/text"
  if grep -q '::' "$tmp/text"; then fail example.c_names "a program name with ::: $(grep -m1 '::' "$tmp/text")"
  elif grep -q '#' "$tmp/text"; then fail example.c_names "a program name with #: $(grep -m1 '#' "$tmp/text")"
  else ok example.c_names; fi
  if grep -q 'j <= 9 && j <= 8\|j <= 9.*j <= 8' "$tmp/text"; then fail example.subsumed "$(grep -m1 'j <= 9' "$tmp/text")"
  elif grep -q '2147483647' "$tmp/text"; then fail example.range "$(grep -m1 2147483647 "$tmp/text")"
  else ok example.simplified; fi
  if grep -q '^  left out' "$tmp/out"; then fail example.no_loop_left_out "$(grep -m1 'left out' "$tmp/out")"
  elif ! grep -q '^          line: 9$' "$tmp/w.yml"; then fail example.loop_9 "no loop invariant at line 9"
  else ok example.loop_9_in_witness; fi
  grep -q 'main (loop head): j >= 0 && j <= 10 && j == i && n >= 0' "$tmp/out" &&
    ok example.loop_9_text || fail example.loop_9_text "$(grep -m1 '9:12' "$tmp/out")"
fi
if timeout 300 python3 "$checker" "$craig" "$programs/inv_example.c" 40 >"$tmp/out" 2>"$tmp/err"; then
  ok example.witness_checked
else
  fail example.witness_checked "check_correctness_witness.py"
fi

# 2. Shadowing: the inner x at the inner loop.
if run shadow 0 verify "$programs/shadow.c" --invariants --witness "$tmp/w.yml"; then
  readable > "$tmp/text"
  if grep -q '::\|#' "$tmp/text"; then fail shadow.c_names "$(grep -m1 '::\|#' "$tmp/text")"
  elif grep -q '^  left out' "$tmp/out"; then fail shadow.no_loop_left_out "$(grep -m1 'left out' "$tmp/out")"
  elif ! grep -q 'value: "i >= -1 && x >= 0"' "$tmp/w.yml"; then fail shadow.inner_x "$(grep value "$tmp/w.yml")"
  else ok shadow.inner_x; fi
fi
if timeout 300 python3 "$checker" "$craig" "$programs/shadow.c" 12 >"$tmp/out" 2>"$tmp/err"; then
  ok shadow.witness_checked
else
  fail shadow.witness_checked "check_correctness_witness.py"
fi

# 3. Contracts as C.
if run contracts 0 verify "$programs/contracts.c" --engine whale --invariants; then
  if ! has out 'add3: requires 1; ensures x + 3 <= \result'; then fail contracts.add3 "$(grep -m1 add3 "$tmp/out")"
  elif ! has out 'twice: requires 1; ensures y + 6 <= \result'; then fail contracts.twice "$(grep -m1 twice "$tmp/out")"
  elif grep -q '::\|(<=\||' "$tmp/out"; then fail contracts.c_only "$(grep -m1 '::\|(<=\||' "$tmp/out")"
  else ok contracts.as_c; fi
fi
finish
