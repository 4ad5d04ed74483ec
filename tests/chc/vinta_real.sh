#!/usr/bin/env bash
# vinta_real.sh CRAIG CASES LRA_DIR CSV — the Box and Boxes domains over Real (and mixed
# Int/Real/Bool) variables end to end: `craig chc --engine vinta-box` and `vinta-boxes` on the
# hand-written Real problems of CASES (expected answer in the file name: *_sat / *_unsat) and on
# a few CHC-COMP LRA transition systems of LRA_DIR whose answers CSV records (column `answer`).
# Every answer must be the expected one and craig's own witness check (--print-witness; exit 10
# when it fails) must pass. Prints `ok NAME` / `FAIL NAME: why`; exit 1 on a failure, 77
# (skipped) when an input is missing.
set -u
craig=$1 cases=$2 dir=$3 csv=$4
lra_files="chc-lra-ts-0004.smt2 chc-lra-ts-0008.smt2 chc-lra-ts-0059.smt2 chc-lra-ts-0086.smt2"
own_files="real_steps_sat.smt2 real_steps_unsat.smt2 real_int_bounds_sat.smt2 real_int_bounds_unsat.smt2
halves_real_unsat.smt2"
for f in "$csv" "$craig"; do
  if [ ! -f "$f" ]; then echo "skipped: $f not found"; exit 77; fi
done
for f in $lra_files; do
  if [ ! -f "$dir/$f" ]; then echo "skipped: $dir/$f not found"; exit 77; fi
done
for f in $own_files; do
  if [ ! -f "$cases/$f" ]; then echo "skipped: $cases/$f not found"; exit 77; fi
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0 failed=0
check() {  # path expected engine
  local path=$1 want=$2 engine=$3 name
  name="$(basename "$path" .smt2).$engine"
  timeout 120 "$craig" chc "$path" --engine "$engine" --timeout 30 --print-witness >"$tmp/out" 2>"$tmp/err" </dev/null
  local rc=$? got
  got=$(head -1 "$tmp/out")
  if [ "$rc" -ne 0 ]; then
    echo "FAIL $name: exit code $rc ($(head -2 "$tmp/err"))"
    failed=$((failed + 1))
  elif [ "$got" != "$want" ]; then
    echo "FAIL $name: answer '$got', expected $want ($(head -2 "$tmp/err"))"
    failed=$((failed + 1))
  else
    echo "ok   $name: $got"
    passed=$((passed + 1))
  fi
}
for engine in vinta-box vinta-boxes; do
  for f in $own_files; do
    want=unsat
    case $f in *_sat.smt2) want=sat ;; esac
    check "$cases/$f" "$want" "$engine"
  done
  for f in $lra_files; do
    want=$(awk -F, -v f="$f" '$1 == f { print $3 }' "$csv")
    case $want in
      sat | unsat) check "$dir/$f" "$want" "$engine" ;;
      *) echo "FAIL $f: no sat/unsat answer in $csv"; failed=$((failed + 1)) ;;
    esac
  done
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
