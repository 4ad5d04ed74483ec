#!/usr/bin/env bash
# reports.sh DIR
#
# Cleanup test of a sanitizer build (ctest fixture `sanitizers`, see the top-level
# CMakeLists.txt): every test of the build writes its ASan, LeakSanitizer and UBSan reports
# to DIR/TEST.asan.PID and DIR/TEST.ubsan.PID (log_path= of ASAN_OPTIONS and UBSAN_OPTIONS).
# Prints each report's first lines with the file's name and fails when there is any, so that
# a report is a failure even when the test's script ignores craig's exit code and stderr.
# Last line: `N sanitizer reports in DIR`.
set -uo pipefail
dir=$1
shopt -s nullglob
reports=("$dir"/*)
for f in "${reports[@]}"; do
  echo "== $(basename "$f")"
  grep -m 1 -E 'ERROR: |runtime error:' "$f"
  grep -E '^ +#[0-9]+ ' "$f" | grep -v -E 'libasan|libubsan|__libc_start|_start \(' | head -8
done
echo "${#reports[@]} sanitizer reports in $dir"
[ ${#reports[@]} -eq 0 ]
