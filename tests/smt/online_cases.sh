#!/usr/bin/env bash
# online_cases.sh CRAIG FILE...
#
# The online DPLL(T) loop against the offline one: runs `CRAIG solve --check-proofs` on every
# FILE with --sat-integration offline and online and fails when the two answer sat and unsat to
# the same check-sat, when a proof of the online loop does not check (exit 10), or when it fails
# internally (exit 1, a signal, a hang). Models are checked by craig itself (on by default).
set -uo pipefail
craig=$1
shift
answers() { grep -E '^(sat|unsat|unknown)$' | paste -sd, -; }
failed=0 n=0 compared=0
for f in "$@"; do
  off=$(timeout -k 5 60 "$craig" solve --timeout 30 --sat-integration offline "$f" 2>/dev/null | answers)
  on_out=$(timeout -k 5 60 "$craig" solve --timeout 30 --check-proofs --sat-integration online "$f" 2>/tmp/online_err.$$)
  rc=$?
  on=$(answers <<<"$on_out")
  n=$((n + 1))
  if [ $rc -eq 10 ] || [ $rc -eq 1 ] || [ $rc -ge 124 ]; then
    echo "FAIL rc=$rc $f: $(head -c 300 /tmp/online_err.$$)"
    failed=$((failed + 1))
    continue
  fi
  IFS=, read -r -a a <<<"$off"
  IFS=, read -r -a b <<<"$on"
  for ((i = 0; i < ${#a[@]} && i < ${#b[@]}; i++)); do
    case "${a[$i]}/${b[$i]}" in
      sat/unsat | unsat/sat)
        echo "FAIL $f: check-sat #$((i + 1)): offline ${a[$i]}, online ${b[$i]}"
        failed=$((failed + 1))
        ;;
      sat/sat | unsat/unsat) compared=$((compared + 1)) ;;
    esac
  done
done
rm -f /tmp/online_err.$$
echo "$n files, $compared check-sat answers compared, $failed failed"
[ $failed -eq 0 ] && [ $compared -gt 0 ]
