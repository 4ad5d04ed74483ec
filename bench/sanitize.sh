#!/usr/bin/env bash
# Full sanitizer run (issue 15): builds craig with ASan+UBSan into build-sanitize/ and runs every
# ctest test of the sanitizer set under it.
#
#   bench/sanitize.sh [JOBS=nproc] [CTEST-ARGS...]
#   bench/sanitize.sh 2 -L sanitize-fast       (only the fast subset, as ./run.sh test-sanitize)
#   bench/sanitize.sh 2 -LE slow               (every test of the build but the slow dev-set runs)
#
# Without CTEST-ARGS the tests labelled `sanitize` run: the unit tests, c.verify, c.witness.*,
# smt.cases, smt.models, smt.proofs.cases and the random differential tests with fewer seeds
# (see the top-level CMakeLists.txt). Each process writes its ASan/LeakSanitizer/UBSan reports
# to build-sanitize/sanitizer-reports/TEST.{asan,ubsan}.PID. Results go to
# ../bench-results/sanitize-<YYYYMMDD-HHMMSS>/ (git-ignored):
#   summary.md   date, commit, build and test wall-clock times, ctest's tally, the failed tests,
#                the number of sanitizer reports and each report's first line and top frames
#   ctest.log    ctest's output;  build.log  the build's output;  reports/  the raw reports
# Exits 1 when a test failed or a report was written.
set -uo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root" || exit 2
jobs=${1:-$(nproc)}
[ $# -gt 0 ] && shift
args=("$@")
[ ${#args[@]} -eq 0 ] && args=(-L sanitize)
build=build-sanitize
out=${CRAIG_BENCH_RESULTS:-$root/../bench-results}/sanitize-$(date +%Y%m%d-%H%M%S)
mkdir -p "$out"
commit=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
dirty=$(git status --porcelain --untracked-files=no 2>/dev/null | grep -q . && echo " (with uncommitted changes)")

t0=$(date +%s)
root=$(deps/cadical.sh .deps/cadical) || exit 1  # CaDiCaL as run.sh chooses it
[ "$root" = system ] && root=""
{ cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release -DCRAIG_SANITIZE=address,undefined -DCRAIG_CADICAL_ROOT="$root" &&
  cmake --build "$build" -j"$jobs"; } >"$out/build.log" 2>&1
build_rc=$?
t1=$(date +%s)
if [ $build_rc -ne 0 ]; then
  tail -30 "$out/build.log" >&2
  echo "bench/sanitize.sh: build failed, see $out/build.log" >&2
  exit 1
fi
ctest --test-dir "$build" --output-on-failure -j"$jobs" "${args[@]}" >"$out/ctest.log" 2>&1
ctest_rc=$?
t2=$(date +%s)
rm -rf "$out/reports"
cp -r "$build/sanitizer-reports" "$out/reports"
shopt -s nullglob
reports=("$out"/reports/*)

{
  echo "# Sanitizer run ($(date -u '+%Y-%m-%d %H:%M UTC'))"
  echo
  echo "- commit: $commit$dirty"
  echo "- build: $build/ with -DCRAIG_SANITIZE=address,undefined, $(c++ --version | head -1)"
  echo "- machine: $(nproc) cores, $jobs jobs"
  echo "- tests: ctest ${args[*]}"
  echo "- build time: $((t1 - t0)) s (incremental when $build/ existed)"
  echo "- test time: $((t2 - t1)) s"
  echo "- ctest: $(grep -E '^[0-9]+% tests passed' "$out/ctest.log" || echo "no tally (exit $ctest_rc)")"
  echo "- sanitizer reports: ${#reports[@]}"
  failed=$(awk '/^The following tests FAILED:/ { on = 1; next }
                on && /^[[:space:]]+[0-9]+ - / { sub(/^[[:space:]]+[0-9]+ - /, ""); print }' "$out/ctest.log")
  if [ -n "$failed" ]; then
    echo
    echo "## Failed tests"
    echo
    echo "$failed" | sed 's/^/- /'
  fi
  if [ ${#reports[@]} -gt 0 ]; then
    echo
    echo "## Reports"
    for f in "${reports[@]}"; do
      echo
      echo "### $(basename "$f")"
      echo
      echo '```'
      grep -m 1 -E 'ERROR: |runtime error:' "$f"
      grep -E '^ +#[0-9]+ ' "$f" | grep -v -E 'libasan|libubsan|__libc_start|_start \(' | head -8
      echo '```'
    done
  fi
} >"$out/summary.md"
cat "$out/summary.md"
echo "bench/sanitize.sh: wrote $out/{summary.md,ctest.log,build.log,reports/}" >&2
[ $ctest_rc -eq 0 ] && [ ${#reports[@]} -eq 0 ]
