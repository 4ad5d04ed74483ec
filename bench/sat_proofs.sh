#!/usr/bin/env bash
# Micro benchmark of SAT-level proofs (see bench/README.md, "SAT proofs").
#   bench/sat_proofs.sh [--set NAME=VALUE] [--plain-set NAME=VALUE] [--reduce] [INSTANCE...]
# Builds the tool (target sat_proofs) in $BUILD (default build) and runs it; without instances
# it runs the default set below. Exit status 1 if any proof failed to mine or check.
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD="${BUILD:-build}"
[ -f "$BUILD/CMakeCache.txt" ] || cmake -S . -B "$BUILD" -DCMAKE_BUILD_TYPE=Release >&2
nice cmake --build "$BUILD" -j2 --target sat_proofs >&2
has_instance=0
for a in "$@"; do
  case "$a" in php:*|rand:*|mult:*|inc:*|*.cnf|*.dimacs) has_instance=1 ;; esac
done
if [ "$has_instance" = 0 ]; then
  set -- "$@" php:7 php:8 php:9 rand:200:852:1 rand:200:852:3 rand:225:959:4 rand:250:1065:3 \
    mult:6 mult:7 inc:150:600:3:20 inc:200:800:5:30
fi
exec nice "$BUILD/sat_proofs" "$@"
