#!/usr/bin/env bash
# Fuzzes the SMT-LIB front end and the solver behind it with libFuzzer.
#
#   bench/fuzz-smtlib.sh [SECONDS]      (default 60)
#
# Builds tests/fuzz/fuzz_smtlib.cpp together with the sources it needs (terms, EUF, LRA, SAT,
# DPLL(T) core, SMT-LIB) compiled directly with clang++ -fsanitize=fuzzer,address,undefined into
# build-fuzz-smtlib/ (objects are rebuilt when their source or any header changed), seeds the
# corpus from tests/smt/**/*.smt2 and a few small files of ../shared/bench/smt (or
# $CRAIG_BENCH) when present, and runs for the given time with a dictionary of SMT-LIB tokens.
# Exits non-zero when libFuzzer reports a finding (crash, sanitizer error, uncaught exception,
# leak, timeout); the reproducer is left in build-fuzz-smtlib/artifacts/. Reproduce one with
#   build-fuzz-smtlib/fuzz_smtlib build-fuzz-smtlib/artifacts/crash-...
set -euo pipefail

seconds=${1:-60}
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
out="$root/build-fuzz-smtlib"
cxx=${CLANGXX:-clang++}
flags=(-std=c++20 -O1 -g -fno-omit-frame-pointer -fsanitize=fuzzer,address,undefined
       -fno-sanitize-recover=all -I"$root/src")

mkdir -p "$out/obj" "$out/corpus" "$out/artifacts"

shopt -s nullglob globstar
sources=("$root"/src/smt/terms/*.cpp "$root"/src/smt/euf/*.cpp "$root"/src/smt/lra/*.cpp
         "$root"/src/sat/*.cpp "$root"/src/smt/*.cpp "$root"/src/smtlib/*.cpp
         "$root"/tests/fuzz/fuzz_smtlib.cpp)

# The newest header: an object older than it is rebuilt (simple and safe).
newest_header=$(ls -t "$root"/src/**/*.hpp | head -1)
stale=()
objects=()
for src in "${sources[@]}"; do
  rel=${src#"$root"/}
  obj="$out/obj/${rel//\//_}.o"
  objects+=("$obj")
  if [ ! -f "$obj" ] || [ "$src" -nt "$obj" ] || [ "$newest_header" -nt "$obj" ]; then
    stale+=("$src")
  fi
done
echo "fuzz-smtlib: compiling ${#stale[@]} of ${#sources[@]} files"
if [ ${#stale[@]} -gt 0 ]; then
  printf '%s\n' "${stale[@]}" |
    xargs -P "$(nproc)" -I{} bash -c '
      src=$1; shift; root=$1; shift; out=$1; shift; cxx=$1; shift
      rel=${src#"$root"/}
      "$cxx" "$@" -c "$src" -o "$out/obj/${rel//\//_}.o"' _ {} "$root" "$out" "$cxx" "${flags[@]}"
fi
echo "fuzz-smtlib: linking $out/fuzz_smtlib"
"$cxx" "${flags[@]}" "${objects[@]}" -lcadical -lgmpxx -lgmp -o "$out/fuzz_smtlib"

# Seeds: the repository's scripts, and the smallest files of each development set.
for f in "$root"/tests/smt/**/*.smt2; do
  cp "$f" "$out/corpus/seed-$(echo "${f#"$root"/}" | tr '/' '_')"
done
bench=${CRAIG_BENCH:-"$root/../shared/bench/smt"}
if [ -d "$bench" ]; then
  find "$bench" -name '*.smt2' -size -8k 2>/dev/null | sort | awk 'NR % 7 == 1' | head -40 |
    while read -r f; do cp "$f" "$out/corpus/bench-$(basename "$f")"; done
fi

# Tokens libFuzzer splices into inputs.
cat > "$out/smtlib.dict" <<'DICT'
"("
")"
"(assert "
"(check-sat)"
"(check-sat-assuming ("
"(push 1)"
"(pop 1)"
"(get-model)"
"(get-value ("
"(get-unsat-core)"
"(get-assignment)"
"(get-info :reason-unknown)"
"(declare-fun "
"(declare-const "
"(declare-sort "
"(define-fun "
"(define-sort "
"(set-logic QF_UFLIRA)"
"(set-option :produce-unsat-cores true)"
"(set-option :produce-assignments true)"
"(set-option :global-declarations true)"
"(reset)"
"(reset-assertions)"
"(let (("
"(! "
" :named "
"(as "
"(_ "
"Bool"
"Int"
"Real"
"true"
"false"
"not"
"and"
"or"
"xor"
"=>"
"="
"distinct"
"ite"
"+"
"-"
"*"
"/"
"div"
"mod"
"abs"
"<="
"<"
">="
">"
"to_real"
"to_int"
"is_int"
"|"
"\""
";"
"#x"
"#b"
"0.5"
"12345678901234567890"
DICT

echo "fuzz-smtlib: running for ${seconds}s"
"$out/fuzz_smtlib" "$out/corpus" \
    -dict="$out/smtlib.dict" \
    -max_total_time="$seconds" \
    -timeout=20 \
    -rss_limit_mb=2048 \
    -max_len=16384 \
    -print_final_stats=1 \
    -artifact_prefix="$out/artifacts/"
