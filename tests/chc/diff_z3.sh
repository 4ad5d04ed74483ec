#!/usr/bin/env bash
# diff_z3.sh CRAIG DIR N TIMEOUT FLOOR — craig chc against z3 on the first N files of DIR (CHC-COMP
# problems; ../shared/bench/chc/lra-ts by default in ctest), TIMEOUT seconds each. Every definite
# answer of craig must agree with z3's where z3 answers; every sat answer's model (--print-witness)
# must be accepted by z3 (the clauses with the model's define-funs in place of the predicates are
# sat); unsupported input (exit 4, e.g. non-linear arithmetic) is counted as no answer; a craig
# self-check failure (exit 10) or crash fails; fewer than FLOOR definite craig
# answers fails (the floor was measured, see tests/CMakeLists.txt). Exit 77 (skipped) without
# the folder or without z3.
set -u
craig=$1 dir=$2 n=$3 t=$4 floor=$5
if [ ! -d "$dir" ]; then echo "skipped: $dir not found"; exit 77; fi
if ! command -v z3 >/dev/null 2>&1; then echo "skipped: z3 not found"; exit 77; fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
answered=0 failed=0
for f in $(cd "$dir" && ls *.smt2 | sort | head -n "$n"); do
  timeout $((t + 5)) "$craig" chc "$dir/$f" --timeout "$t" --print-witness >"$tmp/out" 2>"$tmp/err"
  rc=$?
  a=$(head -1 "$tmp/out")
  case $rc in
    0 | 5) ;;
    4) echo "ok   $f: unsupported: $(sed 's/^craig: unsupported: [^ ]* //' "$tmp/err" | head -1)"; continue ;;
    *) echo "FAIL $f: craig exit code $rc: $(head -3 "$tmp/err")"; failed=$((failed + 1)); continue ;;
  esac
  z=$(timeout $((t + 5)) z3 "-T:$t" "$dir/$f" 2>&1 | head -1)
  line="$f: craig $a, z3 ${z:-timeout}"
  if [ "$a" = sat ] || [ "$a" = unsat ]; then
    answered=$((answered + 1))
    if { [ "$z" = sat ] || [ "$z" = unsat ]; } && [ "$z" != "$a" ]; then
      echo "FAIL $line (disagreement)"
      failed=$((failed + 1))
      continue
    fi
  fi
  if [ "$a" = sat ] && grep -q '^(define-fun' "$tmp/out"; then
    { echo "(set-logic HORN)"; grep '^(define-fun' "$tmp/out"; grep -v -e '^(declare-fun' -e '^(set-logic' "$dir/$f"; } >"$tmp/model.smt2"
    m=$(timeout 30 z3 "$tmp/model.smt2" 2>&1 | head -1)
    if [ "$m" = unsat ]; then
      echo "FAIL $line: z3 refutes the model"
      failed=$((failed + 1))
      continue
    fi
    line="$line, model: z3 ${m:-timeout}"
  fi
  echo "ok   $line"
done
echo "$answered definite answers of craig (floor $floor), $failed failures"
[ "$failed" -eq 0 ] && [ "$answered" -ge "$floor" ]
