#!/usr/bin/env bash
# deps/cadical.sh PREFIX
#
# Makes sure a CaDiCaL with the external-propagator interface of release 1.7 (IPASIR-UP:
# ExternalPropagator, connect_external_propagator, add_observed_var) is available and prints
# the prefix CMake should use (CRAIG_CADICAL_ROOT), or "system" when the system's libcadical-dev
# already is such a release. Otherwise it builds Debian 13's CaDiCaL source package into PREFIX
# (PREFIX/include/cadical.hpp, PREFIX/lib/libcadical.a) and keeps it there: a second call with
# the same PREFIX finds the build and does nothing.
#
# The source comes from Debian's archive only: `apt-get source --download-only cadical` with a
# deb-src list for trixie and apt state of its own (the machine's apt sources, lists and caches
# are left untouched). apt checks the tarball against the signed Sources index; this script
# checks it once more against the SHA-256 below. Nothing else is downloaded.
# Why: Debian 12's libcadical-dev is 1.5.3, which has no propagator interface (README).
set -euo pipefail
export LC_ALL=C

version=1.7.4
tarball=cadical_$version.orig.tar.gz
sha256=866c8a1332ff1ad5dc7ad403bdef3164420f3f947816b5c9509aad1d18ada7a1
suite=trixie

if [ $# -ne 1 ]; then
  echo "usage: deps/cadical.sh PREFIX" >&2
  exit 2
fi
prefix=$(realpath -m "$1")  # absolute: CMake reads it from another folder

# The API this project is written against: 1.7's notify_assignment(int, bool). Later releases
# changed these signatures, so "has a propagator" is not enough; the check compiles a subclass.
api_check() {  # api_check CXXFLAGS...: does cadical.hpp (on the given include path) fit?
  local tmp
  tmp=$(mktemp -d)
  cat >"$tmp/check.cpp" <<'CPP'
#include <cadical.hpp>
struct P : CaDiCaL::ExternalPropagator {
  void notify_assignment(int, bool) override {}
  void notify_new_decision_level() override {}
  void notify_backtrack(size_t) override {}
  bool cb_check_found_model(const std::vector<int>&) override { return true; }
  bool cb_has_external_clause() override { return false; }
  int cb_add_external_clause_lit() override { return 0; }
};
int main() { CaDiCaL::Solver s; P p; s.connect_external_propagator(&p); s.add_observed_var(1); return 0; }
CPP
  local ok=1
  ${CXX:-g++} -std=c++20 "$@" -c "$tmp/check.cpp" -o "$tmp/check.o" 2>/dev/null || ok=0
  rm -rf "$tmp"
  [ $ok -eq 1 ]
}

if [ -f /usr/include/cadical.hpp ] && api_check; then
  echo system
  exit 0
fi
if [ -f "$prefix/lib/libcadical.a" ] && [ -f "$prefix/include/cadical.hpp" ] &&
  [ "$(cat "$prefix/VERSION" 2>/dev/null)" = "$version $sha256" ] && api_check -I"$prefix/include"; then
  echo "$prefix"
  exit 0
fi

echo "deps/cadical.sh: building CaDiCaL $version from Debian $suite's source package into $prefix" >&2
command -v apt-get >/dev/null || { echo "deps/cadical.sh: apt-get is needed to fetch Debian's CaDiCaL source" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/apt/lists/partial" "$work/apt/cache/archives/partial" "$work/src"
echo "deb-src [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://deb.debian.org/debian $suite main" \
  >"$work/apt/sources.list"
apt_opts=(-o "Dir::Etc::SourceList=$work/apt/sources.list" -o Dir::Etc::SourceParts=/dev/null
  -o "Dir::State::Lists=$work/apt/lists" -o "Dir::Cache=$work/apt/cache" -o APT::Sandbox::User=root)
[ "$(id -u)" -eq 0 ] || apt_opts+=(-o Debug::NoLocking=1)
apt-get "${apt_opts[@]}" -qq update >&2 ||
  { echo "deps/cadical.sh: cannot read Debian $suite's source index from deb.debian.org" >&2; exit 1; }
# Only the original tarball is needed (the Debian packaging adds nothing to the library); the
# archive may no longer serve the .dsc of this revision, so its absence is not an error.
(cd "$work/src" && apt-get "${apt_opts[@]}" -qq source --download-only cadical="$version-1" >"$work/apt-source.log" 2>&1) || true
[ -f "$work/src/$tarball" ] ||
  { cat "$work/apt-source.log" >&2; echo "deps/cadical.sh: Debian's archive did not give $tarball" >&2; exit 1; }
echo "$sha256  $work/src/$tarball" | sha256sum -c --quiet - >&2 ||
  { echo "deps/cadical.sh: $tarball does not have the expected SHA-256 $sha256" >&2; exit 1; }

tar -xzf "$work/src/$tarball" -C "$work/src"
srcdir=$(find "$work/src" -mindepth 1 -maxdepth 1 -type d -name 'cadical*' | head -1)
# Position-independent code so that the library links into any of the project's targets.
(cd "$srcdir" && CXXFLAGS=-fPIC ./configure >&2 && make -C build -j"$(nproc)" libcadical.a >&2)
rm -rf "$prefix"
mkdir -p "$prefix/include" "$prefix/lib"
cp "$srcdir/src/cadical.hpp" "$prefix/include/"
[ -f "$srcdir/src/ccadical.h" ] && cp "$srcdir/src/ccadical.h" "$prefix/include/"
cp "$srcdir/build/libcadical.a" "$prefix/lib/"
cp "$srcdir/LICENSE" "$prefix/" 2>/dev/null || true
echo "$version $sha256" >"$prefix/VERSION"
api_check -I"$prefix/include" || { echo "deps/cadical.sh: the built CaDiCaL does not have the expected API" >&2; exit 1; }
echo "$prefix"
