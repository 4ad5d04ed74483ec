#!/usr/bin/env bash
# itp_systems.sh CRAIG FILE...
#
# Interpolants of every FILE (SMT-LIB scripts with get-interpolants) under each combination
# of interpolation systems below, each checked inside craig (--check-interpolants) and by z3
# (itp_z3.py: global, local and vocabulary conditions). Last line: `N passed, M failed`
# (file × system runs). Skips without z3 or python3.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
craig=$1
shift
command -v python3 >/dev/null || { echo "skipped: python3 not found"; exit 77; }
command -v z3 >/dev/null || { echo "skipped: z3 not found"; exit 77; }
systems=(
  "--itp-bool mcmillan --itp-lra farkas --itp-euf strong"
  "--itp-bool pudlak --itp-lra farkas --itp-euf strong"
  "--itp-bool mcmillan-prime --itp-lra farkas --itp-euf strong"
  "--itp-bool mcmillan --itp-lra dual-farkas --itp-euf weak"
  "--itp-bool pudlak --itp-lra dual-farkas --itp-euf weak"
  "--itp-bool mcmillan-prime --itp-lra dual-farkas --itp-euf weak"
  "--itp-bool mcmillan --itp-lra decomposed-farkas"
  "--itp-bool mcmillan-prime --itp-lra dual-decomposed-farkas"
  "--itp-bool pudlak --itp-lra flexible --itp-lra-factor 1/3"
  "--itp-bool mcmillan --itp-lra farkas --simplify 3"
  "--itp-bool mcmillan --itp-lra farkas --reduce-proofs"
  "--itp-bool proof-sensitive --itp-lra farkas --itp-euf strong"
  "--itp-bool proof-sensitive-weak --itp-lra dual-farkas --itp-euf weak"
  "--itp-bool proof-sensitive-strong --itp-lra decomposed-farkas"
)
passed=0 failed=0
for s in "${systems[@]}"; do
  # shellcheck disable=SC2086
  out=$(python3 "$here/itp_z3.py" "$craig" "$@" -- $s)
  p=$(tail -1 <<<"$out" | awk '{ print $1 }') f=$(tail -1 <<<"$out" | awk '{ print $3 }')
  passed=$((passed + p)) failed=$((failed + f))
  echo "$s: $(tail -2 <<<"$out" | head -1)"
  grep -A5 '^FAIL' <<<"$out" | head -40
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
