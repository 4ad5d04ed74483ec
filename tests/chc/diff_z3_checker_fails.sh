#!/usr/bin/env bash
# diff_z3_checker_fails.sh DIR — tests/chc/diff_z3.sh must fail against a wrong craig
# (fake_craig.sh): one that answers unsat on safe problems (a disagreement with z3) and one whose
# sat models z3 refutes. Skipped (77) without the folder or z3.
here=$(cd "$(dirname "$0")" && pwd)
dir=$1
if [ ! -d "$dir" ]; then echo "skipped: $dir not found"; exit 77; fi
if ! command -v z3 >/dev/null 2>&1; then echo "skipped: z3 not found"; exit 77; fi
status=0
for mode in unsat badmodel; do
  if FAKE_CHC=$mode bash "$here/diff_z3.sh" "$here/fake_craig.sh" "$dir" 3 3 0 >/tmp/diff_z3_fake.$$ 2>&1; then
    echo "FAIL: diff_z3.sh passed a craig that answers $mode"
    status=1
  else
    echo "ok   diff_z3.sh fails on FAKE_CHC=$mode: $(grep -m1 FAIL /tmp/diff_z3_fake.$$)"
  fi
done
rm -f /tmp/diff_z3_fake.$$
exit $status
