#!/usr/bin/env bash
# Large differential run of `craig verify` against gcc on random C programs (issue 15).
#
#   bench/c_random.sh CRAIG [N=10000] [FIRST_SEED=1]
#   TIMEOUT=10 JOBS=2 ENGINES=bmc,impact bench/c_random.sh build-sanitize/craig 10000 1
#   GEN_ARGS=--lib SIZE=1 TIMEOUT=3 bench/c_random.sh build/craig 2000 1
#
# Runs tests/c/diff_gcc.py on seeds FIRST_SEED .. FIRST_SEED+N-1 (programs of
# tests/tools/gen_c.cpp, compiled here with c++ unless $GEN names a gen_c binary) with CRAIG,
# any build (a sanitizer build's reports on stderr count as findings). GEN_ARGS are more
# arguments of gen_c (--lib: library calls and strings; --lib-string: <string.h> too), SIZE its
# --size (default: from the seed). Writes
# ../bench-results/c_random-<YYYYMMDD-HHMMSS>/:
#   summary.txt   craig binary (path, sha256) and the repository's HEAD, seed range, wall time, gcc's verdicts, discarded
#                 (UB) programs, per-engine TRUE/FALSE/UNKNOWN (UNKNOWN by reason), findings
#   output.txt    the driver's whole output
#   runs.tsv      one line per program and engine: seed, gcc's verdict, engine, verdict,
#                 seconds, finding, reason
#   failures/     every program with a finding, craig's output per engine, and the command
#                 that reproduces it (listed in summary.txt)
# The UNKNOWN share is reported, not enforced (MAX_UNKNOWN=1 by default; the ctest uses 0.2).
# Exits like the driver: 0 without findings.
set -uo pipefail
[ $# -ge 1 ] || { sed -n '2,22p' "$0"; exit 2; }
craig=$(realpath "$1"); n=${2:-10000}; first=${3:-1}
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
out="${CRAIG_BENCH_RESULTS:-$root/../bench-results}/c_random-$(date +%Y%m%d-%H%M%S)"
mkdir -p "$out"
gen=${GEN:-}
if [ -z "$gen" ]; then
  gen="$out/gen_c"
  "${CXX:-c++}" -std=c++17 -O2 -o "$gen" "$root/tests/tools/gen_c.cpp" || exit 2
fi
{
  # The binary may be older than the checkout: name it by its hash, and the checkout separately.
  echo "craig: $craig (sha256 $(sha256sum "$craig" | cut -c1-12)); repository HEAD $(git -C "$root" rev-parse --short HEAD 2>/dev/null)"
  echo "started: $(date -u +%Y-%m-%dT%H:%M:%SZ) on $(nproc) cores"
} > "$out/header.txt"
start=$(date +%s)
python3 "$root/tests/c/diff_gcc.py" "$craig" "$n" "$first" \
    --engines "${ENGINES:-bmc,impact}" --timeout "${TIMEOUT:-10}" --jobs "${JOBS:-2}" \
    --gen "$gen" --gen-args="${GEN_ARGS:-}" ${SIZE:+--size "$SIZE"} --max-unknown-share "${MAX_UNKNOWN:-1}" \
    --save "$out/failures" --summary "$out/driver-summary.txt" --log "$out/runs.tsv" 2>&1 | tee "$out/output.txt"
rc=${PIPESTATUS[0]}
{
  cat "$out/header.txt"
  echo "finished: $(date -u +%Y-%m-%dT%H:%M:%SZ), $(( $(date +%s) - start )) s, driver exit $rc"
  cat "$out/driver-summary.txt" 2>/dev/null
} > "$out/summary.txt"
rm -f "$out/header.txt" "$out/driver-summary.txt"
echo "results: $out/summary.txt"
exit "$rc"
