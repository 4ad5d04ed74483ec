#!/usr/bin/env bash
# c.diff_gcc.checker_fails: diff_gcc.py must fail against a craig that answers TRUE everywhere
# (fake_craig_true.sh): exit 1, wrong-verdict findings with reproduce lines, "N passed, M failed"
# with M > 0. A driver that crashes (exit 2, a traceback) does not count as detecting it.
#   diff_gcc_checker_fails.sh GEN_C SAVE_DIR
set -u
here=$(cd "$(dirname "$0")" && pwd)
out=$(python3 "$here/diff_gcc.py" "$here/fake_craig_true.sh" 20 1 --engines bmc --jobs 2 \
        --gen "$1" --save "$2" 2>&1)
rc=$?
echo "$out" | tail -n 15
case "$out" in *"skipped:"*) exit 77;; esac
[ "$rc" -eq 1 ] || { echo "FAIL: exit code $rc, expected 1"; exit 1; }
echo "$out" | grep -q "wrong verdict TRUE, gcc says FALSE" || { echo "FAIL: no wrong verdict reported"; exit 1; }
echo "$out" | grep -q "reproduce: " || { echo "FAIL: no reproduce command"; exit 1; }
echo "$out" | tail -n 1 | grep -Eq '^[0-9]+ passed, [1-9][0-9]* failed$' || { echo "FAIL: closing line"; exit 1; }
echo "ok: the always-TRUE craig is caught"
