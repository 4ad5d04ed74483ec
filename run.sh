#!/usr/bin/env bash
# craig's one entry point for set-up, build, tests and runs.
#   ./run.sh test            install dependencies, build, run the whole test suite
#   ./run.sh verify FILE ... build craig if needed, then `craig verify FILE ...` (C program or .yml task)
#   ./run.sh solve FILE ...  build craig if needed, then `craig solve FILE ...`
#   ./run.sh build           install dependencies and build (build/craig)
#   ./run.sh test-sanitize   install dependencies, build with ASan+UBSan into build-sanitize/, run
#                            the fast sanitizer subset of the tests (ctest label sanitize-fast;
#                            bench/sanitize.sh runs all of them)
# CaDiCaL 1.7 is needed (its external propagator carries the online DPLL(T) loop): the system's
# libcadical-dev when it is that release, otherwise Debian 13's CaDiCaL 1.7.4 source package,
# built once into .deps/cadical by deps/cadical.sh (README, "Dependencies").
set -euo pipefail
cd "$(dirname "$0")"

BUILD_PKGS="cmake g++ make libcadical-dev libgmp-dev libcli11-dev doctest-dev libyaml-cpp-dev"
TEST_PKGS="z3 cvc5 gnuplot-nox python3 python3-yaml parallel slurmctld slurmd slurm-client munge"

install_packages() {
  local missing=()
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  echo "run.sh: installing ${missing[*]}" >&2
  local sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq >&2
  $sudo apt-get install -y -qq "${missing[@]}" >&2
}

# CaDiCaL: deps/cadical.sh prints "system" when the system's libcadical-dev has 1.7's external
# propagator, otherwise the prefix it built Debian 13's 1.7.4 source package into (once).
cadical_root() {
  local root
  root=$(deps/cadical.sh .deps/cadical)
  [ "$root" = system ] && root=""
  CADICAL_ARG="-DCRAIG_CADICAL_ROOT=$root"
}

build() {  # build [TARGET]: everything (tests included), or one target
  cadical_root
  cmake -S . -B build -DCMAKE_BUILD_TYPE=Release "$CADICAL_ARG" >&2
  cmake --build build -j"$(nproc)" ${1:+--target "$1"} >&2
}

build_sanitize() {  # only the targets of the fast subset (bench/sanitize.sh builds them all)
  cadical_root
  cmake -S . -B build-sanitize -DCMAKE_BUILD_TYPE=Release -DCRAIG_SANITIZE=address,undefined "$CADICAL_ARG" >&2
  cmake --build build-sanitize -j"$(nproc)" --target sanitize_fast >&2
}

cmd="${1:-}"
[ $# -gt 0 ] && shift
case "$cmd" in
  test)
    install_packages $BUILD_PKGS $TEST_PKGS
    build
    ctest --test-dir build --output-on-failure -j"$(nproc)" "$@"
    ;;
  test-sanitize)
    install_packages $BUILD_PKGS $TEST_PKGS
    build_sanitize
    ctest --test-dir build-sanitize -L sanitize-fast --output-on-failure -j"$(nproc)" "$@"
    ;;
  build)
    install_packages $BUILD_PKGS
    build
    ;;
  solve|verify)  # only the craig binary: the test binaries are for ./run.sh test
    install_packages $BUILD_PKGS
    build craig
    exec build/craig "$cmd" "$@"
    ;;
  *)
    echo "usage: ./run.sh test | test-sanitize | build | verify FILE [options] | solve FILE [options]" >&2
    exit 2
    ;;
esac
