#!/usr/bin/env bash
# Fuzzes the C front end (lexer, parser, type checker, printer, and the interpreter that
# replays counterexamples, with its memory checks) with libFuzzer.
#
#   bench/fuzz-c.sh [SECONDS [LIBFUZZER-FLAGS...]]      (default 60)
#   bench/fuzz-c.sh 600 -only_ascii=1                   (e.g. printable inputs only)
#
# Builds tests/fuzz/fuzz_c_parser.cpp with the front-end sources directly
# (clang++, -fsanitize=fuzzer,address,undefined) into build-fuzz-c/, seeds the
# corpus from tests/c/parse/*.c and, when present, every .c and .i file of the
# SV-COMP set ($CRAIG_SVCOMP, default <repository>/../shared/bench/svcomp), adds
# a dictionary of C tokens, and runs for the given time. The corpus in
# build-fuzz-c/corpus/ grows from run to run. Exits non-zero when libFuzzer
# reports a finding (crash, sanitizer error, leak, timeout); the reproducer is
# left in build-fuzz-c/artifacts/. Reproduce one with
#   build-fuzz-c/fuzz_c_parser build-fuzz-c/artifacts/crash-...
# and shrink it with
#   build-fuzz-c/fuzz_c_parser -minimize_crash=1 -runs=100000 build-fuzz-c/artifacts/crash-...
# (The same target also builds with CMake: -DCRAIG_FUZZ=ON, CXX=clang++, target fuzz_c_parser.)
set -euo pipefail

seconds=${1:-60}
[ $# -gt 0 ] && shift
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
out="$root/build-fuzz-c"
cxx=${CLANGXX:-clang++}

mkdir -p "$out/corpus" "$out/artifacts"
# task.cpp (SV-COMP .yml files, yaml-cpp) is not reachable from parse_string.
sources=()
for f in "$root"/src/frontend/*.cpp; do
  [ "$(basename "$f")" = task.cpp ] || sources+=("$f")
done
newest=$(ls -t "${sources[@]}" "$root"/src/frontend/*.hpp "$root/tests/fuzz/fuzz_c_parser.cpp" | head -1)
if [ ! -x "$out/fuzz_c_parser" ] || [ "$newest" -nt "$out/fuzz_c_parser" ]; then
  echo "fuzz-c: building $out/fuzz_c_parser"
  "$cxx" -std=c++20 -O1 -g -fno-omit-frame-pointer \
      -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all \
      -I"$root/src" "${sources[@]}" "$root/tests/fuzz/fuzz_c_parser.cpp" \
      -o "$out/fuzz_c_parser"
fi

cp "$root"/tests/c/parse/*.c "$out/corpus/"
# Whole programs with arrays, pointers and structs (the replay below runs them).
for f in "$root"/tests/c/verify/*.c; do cp "$f" "$out/corpus/verify-$(basename "$f")"; done
svcomp=${CRAIG_SVCOMP:-"$root/../shared/bench/svcomp"}
if [ -d "$svcomp" ]; then
  find "$svcomp" -type f \( -name '*.c' -o -name '*.i' \) -size -16k | sort |
    while read -r f; do
      rel=${f#"$svcomp"/}
      cp "$f" "$out/corpus/svcomp-${rel//\//_}"
    done
fi
echo "fuzz-c: corpus $out/corpus has $(ls "$out/corpus" | wc -l) files"

# Tokens libFuzzer splices into inputs.
cat > "$out/c.dict" <<'DICT'
"int"
"unsigned"
"char"
"short"
"long"
"_Bool"
"void"
"signed"
"const"
"volatile"
"static"
"extern"
"typedef"
"enum"
"struct"
"union"
"if"
"else"
"while"
"do"
"for"
"switch"
"case"
"default"
"break"
"continue"
"return"
"goto"
"sizeof"
"__attribute__"
"__extension__"
"__asm__"
"__PRETTY_FUNCTION__"
"__VERIFIER_nondet_int"
"__VERIFIER_assume"
"__assert_fail"
"reach_error"
"main"
"("
")"
"{"
"}"
"["
"]"
";"
","
"="
"+="
"<<="
"++"
"--"
"&&"
"||"
"?"
":"
"..."
"->"
"."
"&"
"*"
"[0]"
"[]"
"->next"
"struct s { int a; int b[2]; struct s *n; }"
"union"
"malloc("
"calloc("
"free("
"alloca("
"NULL"
"(void *)0"
"sizeof(struct s)"
"= {"
"[1] ="
".a ="
"char s[] = \"ab\";"
"0x"
"0u"
"1ll"
"'\\x"
"\""
"# 1 \"f.c\"\x0a"
"({"
"})"
DICT

echo "fuzz-c: running for ${seconds}s"
"$out/fuzz_c_parser" "$out/corpus" \
    -dict="$out/c.dict" \
    -max_total_time="$seconds" \
    -timeout=10 \
    -rss_limit_mb=2048 \
    -max_len=16384 \
    -print_final_stats=1 \
    -artifact_prefix="$out/artifacts/" \
    "$@"
