#include "frontend/libc.hpp"

#include <array>

namespace craig::frontend {

namespace {

using M = LibcModel;
using T = LibcType;
using C = CharSet;

constexpr LibcEntry absolute(std::string_view name, T t, std::string_view meaning) {
    return LibcEntry{name, "stdlib.h", M::Absolute, t, {t, T::Void}, false, C::None, OutputKind::None, meaning};
}

constexpr LibcEntry char_class(std::string_view name, C set, std::string_view meaning) {
    return LibcEntry{name, "ctype.h", M::CharClass, T::Int, {T::Int, T::Void}, false, set, OutputKind::None, meaning};
}

constexpr LibcEntry char_map(std::string_view name, C set, std::string_view meaning) {
    return LibcEntry{name, "ctype.h", M::CharMap, T::Int, {T::Int, T::Void}, false, set, OutputKind::None, meaning};
}

// atoi, strtol, ...: `result` is the conversion's type; strto* take (endptr, base) too.
constexpr LibcEntry to_int(std::string_view name, T result, bool strto, std::string_view meaning) {
    return LibcEntry{name, "stdlib.h", M::StrToInt, result,
                     {T::ConstCharPtr, strto ? T::CharPtrPtr : T::Void, strto ? T::Int : T::Void},
                     false, C::None, OutputKind::None, meaning};
}

constexpr LibcEntry string_fn(std::string_view name, StringOp op, T result, T p0, T p1, T p2,
                              std::string_view meaning) {
    return LibcEntry{name, "string.h", M::String, result, {p0, p1, p2}, false, C::None, OutputKind::None, meaning, op};
}

constexpr std::array kTable = {
    absolute("abs", T::Int, "|x|; abs(INT_MIN) is undefined behaviour"),
    absolute("labs", T::Long, "|x|; labs(LONG_MIN) is undefined behaviour"),
    absolute("llabs", T::LongLong, "|x|; llabs(LLONG_MIN) is undefined behaviour"),
    LibcEntry{"rand", "stdlib.h", M::Random, T::Int, {T::Void, T::Void}, false, C::None, OutputKind::None,
              "any value in [0, RAND_MAX] (RAND_MAX = 2147483647); the seed is not modelled"},
    LibcEntry{"srand", "stdlib.h", M::Seed, T::Void, {T::UInt, T::Void}, false, C::None, OutputKind::None,
              "no effect on the program's state (rand stays any value in range)"},
    // Conversions of strings of the memory model (C11 7.22.1).
    to_int("atoi", T::Int, false, "the decimal value of the string's initial integer; undefined out of int's range"),
    to_int("atol", T::Long, false, "the decimal value of the string's initial integer; undefined out of long's range"),
    to_int("strtol", T::Long, true,
           "the initial integer in base 0 or 2..36, LONG_MIN/LONG_MAX out of range; *endptr set when endptr != 0"),
    to_int("strtoul", T::ULong, true,
           "the initial integer in base 0 or 2..36, negated modulo 2^N after a '-', ULONG_MAX out of range; "
           "*endptr set when endptr != 0"),
    char_class("isalnum", C::Alnum, "isalpha or isdigit"),
    char_class("isalpha", C::Alpha, "A-Z, a-z"),
    char_class("isblank", C::Blank, "space, tab"),
    char_class("iscntrl", C::Cntrl, "0-31, 127"),
    char_class("isdigit", C::Digit, "0-9"),
    char_class("isgraph", C::Graph, "33-126"),
    char_class("islower", C::Lower, "a-z"),
    char_class("isprint", C::Print, "32-126"),
    char_class("ispunct", C::Punct, "isgraph and not isalnum"),
    char_class("isspace", C::Space, "space, \\t \\n \\v \\f \\r"),
    char_class("isupper", C::Upper, "A-Z"),
    char_class("isxdigit", C::Xdigit, "0-9, A-F, a-f"),
    char_map("tolower", C::ToLower, "A-Z to a-z, other values unchanged"),
    char_map("toupper", C::ToUpper, "a-z to A-Z, other values unchanged"),
    LibcEntry{"printf", "stdio.h", M::Output, T::Int, {T::ConstCharPtr, T::Void}, true, C::None, OutputKind::Printf,
              "arguments evaluated, no effect on the program; result: the number of characters "
              "printed, or any negative value (an output error)"},
    LibcEntry{"puts", "stdio.h", M::Output, T::Int, {T::ConstCharPtr, T::Void}, false, C::None, OutputKind::Puts,
              "argument evaluated, no effect on the program; result: any nonnegative value, or EOF"},
    LibcEntry{"putchar", "stdio.h", M::Output, T::Int, {T::Int, T::Void}, false, C::None, OutputKind::Putchar,
              "argument evaluated, no effect on the program; result: the character as unsigned char, or EOF"},
    // Formatted output into a char buffer.
    LibcEntry{"sprintf", "stdio.h", M::Format, T::Int, {T::ConstCharPtr, T::ConstCharPtr}, true, C::None,
              OutputKind::None,
              "writes the text and a zero into the buffer (past its end: undefined); result: the text's length"},
    LibcEntry{"snprintf", "stdio.h", M::Format, T::Int, {T::ConstCharPtr, T::ULong, T::ConstCharPtr}, true, C::None,
              OutputKind::None,
              "writes at most n - 1 characters of the text and a zero (nothing when n = 0); result: the text's length"},
    // The same to a stream: stdout or stderr.
    LibcEntry{"fprintf", "stdio.h", M::Output, T::Int, {T::Stream, T::ConstCharPtr}, true, C::None, OutputKind::Printf,
              "to stdout or stderr: as printf"},
    LibcEntry{"fputs", "stdio.h", M::Output, T::Int, {T::ConstCharPtr, T::Stream}, false, C::None, OutputKind::Fputs,
              "to stdout or stderr: argument evaluated, no effect on the program; result: any nonnegative value, or EOF"},
    LibcEntry{"fputc", "stdio.h", M::Output, T::Int, {T::Int, T::Stream}, false, C::None, OutputKind::Putchar,
              "to stdout or stderr: as putchar"},
    LibcEntry{"putc", "stdio.h", M::Output, T::Int, {T::Int, T::Stream}, false, C::None, OutputKind::Putchar,
              "to stdout or stderr: as putchar"},
    LibcEntry{"fflush", "stdio.h", M::Output, T::Int, {T::Stream, T::Void}, false, C::None, OutputKind::Flush,
              "of stdout or stderr: no effect on the program; result: 0, or EOF (a write error)"},
    LibcEntry{"sscanf", "stdio.h", M::ScanString, T::Int, {T::ConstCharPtr, T::ConstCharPtr}, true, C::None,
              OutputKind::None,
              "over-approximated: result r, EOF or 0 to n, and any values of their types through its first r "
              "pointer arguments; the replay runs glibc's sscanf"},
    LibcEntry{"getchar", "stdio.h", M::ReadChar, T::Int, {T::Void, T::Void}, false, C::None, OutputKind::None,
              "any value in [0, 255], or EOF"},
    LibcEntry{"scanf", "stdio.h", M::Scan, T::Int, {T::ConstCharPtr, T::Void}, true, C::None, OutputKind::None,
              "writes fresh values of their types through its first r pointer arguments (pointers to integers); "
              "result r: the number of them, 0 to n, or EOF"},
    // <string.h>: lowered by lower_string.cpp on the cells, replayed by libc_string_replay.cpp.
    string_fn("memset", StringOp::Memset, T::VoidPtr, T::VoidPtr, T::Int, T::SizeT,
              "the first n bytes get the byte (unsigned char)c; returns s"),
    string_fn("memcpy", StringOp::Memcpy, T::VoidPtr, T::VoidPtr, T::VoidPtr, T::SizeT,
              "copies n bytes; overlapping objects are undefined behaviour; returns dst"),
    string_fn("memmove", StringOp::Memmove, T::VoidPtr, T::VoidPtr, T::VoidPtr, T::SizeT,
              "copies n bytes as if through a temporary copy; returns dst"),
    string_fn("memcmp", StringOp::Memcmp, T::Int, T::VoidPtr, T::VoidPtr, T::SizeT,
              "compares n bytes as unsigned char: a value of the sign of the first difference, 0 if none"),
    string_fn("strlen", StringOp::Strlen, T::SizeT, T::CharPtr, T::Void, T::Void,
              "the number of characters before the terminating zero"),
    string_fn("strcmp", StringOp::Strcmp, T::Int, T::CharPtr, T::CharPtr, T::Void,
              "compares strings as unsigned char: a value of the sign of the first difference, 0 if equal"),
    string_fn("strncmp", StringOp::Strncmp, T::Int, T::CharPtr, T::CharPtr, T::SizeT,
              "strcmp of at most the first n characters"),
    string_fn("strcpy", StringOp::Strcpy, T::CharPtr, T::CharPtr, T::CharPtr, T::Void,
              "copies the string and its terminator; overlap is undefined behaviour; returns dst"),
    string_fn("strncpy", StringOp::Strncpy, T::CharPtr, T::CharPtr, T::CharPtr, T::SizeT,
              "copies at most n characters, pads with zeros up to n; overlap is undefined behaviour"),
    string_fn("strcat", StringOp::Strcat, T::CharPtr, T::CharPtr, T::CharPtr, T::Void,
              "appends the string at dst's terminator; overlap is undefined behaviour; returns dst"),
    string_fn("strchr", StringOp::Strchr, T::CharPtr, T::CharPtr, T::Int, T::Void,
              "the first (char)c in the string (its terminator included), or a null pointer"),
};

bool between(std::int64_t c, char lo, char hi) { return c >= lo && c <= hi; }

}  // namespace

std::span<const LibcEntry> libc_table() { return kTable; }

std::optional<std::size_t> stream_param(const LibcEntry& e) {
    for (std::size_t i = 0; i < std::size(e.params); ++i)
        if (e.params[i] == T::Stream) return i;
    return std::nullopt;
}

const LibcEntry* find_libc(std::string_view name) {
    for (const LibcEntry& e : kTable)
        if (e.name == name) return &e;
    return nullptr;
}

Type libc_type(LibcType t, TypeTable& types) {
    switch (t) {
        case T::Void: return Type::of(TypeKind::Void);
        case T::Int: return Type::of(TypeKind::Int);
        case T::UInt: return Type::of(TypeKind::UInt);
        case T::Long: return Type::of(TypeKind::Long);
        case T::LongLong: return Type::of(TypeKind::LongLong);
        case T::ConstCharPtr:
        case T::CharPtr: return types.pointer_to(Type::of(TypeKind::Char));
        case T::VoidPtr: return types.pointer_to(Type::of(TypeKind::Void));
        case T::SizeT: return Type::of(TypeKind::ULong);
        case T::ULong: return Type::of(TypeKind::ULong);
        case T::CharPtrPtr: return types.pointer_to(types.pointer_to(Type::of(TypeKind::Char)));
        case T::Stream: return types.pointer_to(Type::of(TypeKind::Void));  // FILE * needs <stdio.h>
    }
    return Type::of(TypeKind::Void);
}

bool in_char_set(CharSet set, std::int64_t c) {
    const bool upper = between(c, 'A', 'Z'), lower = between(c, 'a', 'z'), digit = between(c, '0', '9');
    const bool graph = c >= 33 && c <= 126;
    switch (set) {
        case C::Alnum: return upper || lower || digit;
        case C::Alpha: return upper || lower;
        case C::Blank: return c == ' ' || c == '\t';
        case C::Cntrl: return (c >= 0 && c <= 31) || c == 127;
        case C::Digit: return digit;
        case C::Graph: return graph;
        case C::Lower: return lower;
        case C::Print: return graph || c == ' ';
        case C::Punct: return graph && !(upper || lower || digit);
        case C::Space: return c == ' ' || (c >= '\t' && c <= '\r');
        case C::Upper: return upper;
        case C::Xdigit: return digit || between(c, 'A', 'F') || between(c, 'a', 'f');
        case C::None:
        case C::ToLower:
        case C::ToUpper: return false;
    }
    return false;
}

std::int64_t map_char(CharSet set, std::int64_t c) {
    if (set == C::ToLower && between(c, 'A', 'Z')) return c - 'A' + 'a';
    if (set == C::ToUpper && between(c, 'a', 'z')) return c - 'a' + 'A';
    return c;
}

}  // namespace craig::frontend
