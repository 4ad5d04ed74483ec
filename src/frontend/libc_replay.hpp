// The concrete meaning of the C library functions of libc.hpp for the replay, computed with
// this machine's C library (glibc) where the standard fixes the result, so that a
// counterexample is confirmed against the library a compiled program would call, not against
// craig's own reading of the standard (which the lowering encodes).
//
// A call is replayed in three steps: undefined_use (undefined behaviour of the arguments),
// then, when reads_input, one input of type int is read (the value the lowering's model
// chose; scanf then reads one input per target), then result() gives the value the call returns.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "frontend/libc.hpp"
#include "frontend/types.hpp"

namespace craig::frontend {

// An argument of a library call: its value (normal form of its type), its type, and the text
// of a string literal passed directly (nullopt otherwise).
struct LibcArg {
    std::uint64_t bits = 0;
    Type type;
    std::optional<std::string_view> literal;
};

// The message when the arguments make the call undefined (C11 7.22.6.1, 7.4p1).
std::optional<std::string> libc_undefined_use(const LibcEntry& e, std::span<const LibcArg> args, DataModel dm);

// Whether the call reads one input (of type int) for its result: the standard leaves the
// result open (rand, the <ctype.h> "nonzero", the output functions' error results).
bool libc_reads_input(const LibcEntry& e);

// The value the call returns (normal form of int or of the row's result type). `input` is the
// value read when libc_reads_input. Where the standard allows several results, the one the
// input selects: rand, getchar and scanf return it (the replay checks its range first), the output
// functions fail (a negative result) when it is negative and otherwise return what glibc
// returns (for printf the character count when the format's conversions are known, else the
// failure -1, which is always a possible result), the <ctype.h> classes glibc's nonzero value.
std::int64_t libc_result(const LibcEntry& e, std::span<const LibcArg> args, std::int64_t input, DataModel dm);

// The range [lo, hi] of the input of rand, getchar and scanf (with n targets); EOF is allowed
// besides it for getchar and scanf.
struct InputRange {
    std::int64_t lo, hi;
    bool eof;
};
std::optional<InputRange> libc_input_range(const LibcEntry& e, std::size_t targets);

// printf's character count for a format with the conversions d i u o x X c % (with flags,
// width, precision and the length modifiers hh h l ll z j t) and %s of string literals;
// nullopt for anything else.
std::optional<std::int64_t> printf_count(std::string_view format, std::span<const LibcArg> args, DataModel dm);
// The characters themselves (glibc's snprintf per conversion), for the same formats.
std::optional<std::string> printf_text(std::string_view format, std::span<const LibcArg> args, DataModel dm);

}  // namespace craig::frontend
