// The C standard library functions that craig gives their standard meaning.
//
// One table (libc_table()) serves every consumer: the parser (implicit declarations and
// which calls keep string-literal arguments), the lowering (src/verifier/lowering/lower_libc.cpp:
// the symbolic meaning), the replay (src/frontend/libc_replay.cpp: the concrete meaning,
// computed with this machine's C library where the standard fixes the result) and the docs
// (docs/libc.md lists the same rows). A function is a library function when the program
// calls it without defining it and its name is in the table; a program that defines abs keeps
// its own abs.
//
// Guarantees:
//  - Every row is modelled in both the lowering and the replay; `model` says how.
//  - Where the standard leaves the result open (rand, the output functions, the "nonzero"
//    of the <ctype.h> classes), the lowering reads one input of the return type, constrained
//    to what the standard allows, and the replay reads the same input in the same order; where
//    the standard fixes it (abs, tolower), neither reads an input.
//  - Undefined behaviour named by the standard (abs of the most negative value, a <ctype.h>
//    argument that is neither EOF nor an unsigned char value) is an error path of the lowering
//    and an undefined-behaviour halt of the replay, as for every other undefined operation.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

#include "frontend/types.hpp"

namespace craig::frontend {

enum class LibcModel : std::uint8_t {
    Absolute,   // abs, labs, llabs: |x|; the most negative value is undefined
    Random,     // rand: any value in [0, RAND_MAX] (an input)
    Seed,       // srand: the argument is evaluated, nothing else happens
    CharClass,  // isdigit, ...: 0 outside the class, an input != 0 inside (C locale)
    CharMap,    // tolower, toupper: the C locale's mapping; other values unchanged
    Output,     // printf, puts, putchar: arguments evaluated, the program's state unchanged,
                // the result an input the standard allows (libc_replay.hpp, libc_result)
    ReadChar,   // getchar: an input in [0, 255] or EOF
    Scan,       // scanf: an input r in {EOF, 0..n} (the conversions assigned), then one input
                // per target pointer (of its pointee's type), written through it when its
                // position is below r; targets are pointers to integers
    StrToInt,   // atoi, atol, strtol, strtoul: C11 7.22.1 on a string of the memory model; the
                // ato* forms (one parameter) are undefined out of range, the strto* forms
                // (endptr, base) clamp and write endptr (lower_stdlib.cpp, libc_convert.hpp)
    ScanString, // sscanf: as Scan (r in {EOF, 0..n}, the first r targets change), but the
                // values are arbitrary, not inputs: the replay computes them with glibc
    Format,     // sprintf, snprintf: the text of a literal format with arguments fixed in the
                // program text, written into the buffer with bounds checks (lower_stdio.cpp)
    String,     // <string.h> (StringOp): reads and writes the cells its pointers denote; the
                // comparisons read an input of the result's sign (docs/libc.md)
};

// The function of a String row.
enum class StringOp : std::uint8_t {
    None, Memset, Memcpy, Memmove, Memcmp, Strlen, Strcmp, Strncmp, Strcpy, Strncpy, Strcat, Strchr
};

// The <ctype.h> class or mapping of a CharClass / CharMap row.
enum class CharSet : std::uint8_t {
    None, Alnum, Alpha, Blank, Cntrl, Digit, Graph, Lower, Print, Punct, Space, Upper, Xdigit,
    ToLower, ToUpper
};

// The output function of an Output row.
enum class OutputKind : std::uint8_t { None, Printf, Puts, Putchar, Fputs, Flush };

// The types a table prototype is written with.
// Stream: a FILE * argument, stdout or stderr (the parser replaces them by the integer
// literals 1 and 2 named "stdout" / "stderr", parser_streams.cpp; other streams are unsupported).
// SizeT is unsigned long, size_t's width under both data models; the pointers of <string.h>
// (void *, char *) are VoidPtr and CharPtr.
enum class LibcType : std::uint8_t {
    Void, Int, UInt, Long, LongLong, ConstCharPtr, ULong, CharPtrPtr, Stream, VoidPtr, CharPtr, SizeT
};

struct LibcEntry {
    std::string_view name;
    std::string_view header;  // "stdlib.h", ...
    LibcModel model;
    LibcType result;
    LibcType params[3];   // Void terminates; at most three fixed parameters
    bool variadic = false;
    CharSet set = CharSet::None;
    OutputKind output = OutputKind::None;
    std::string_view meaning;  // one line for docs and --list-libc
    StringOp op = StringOp::None;
};

// Every row, in the order of docs/libc.md.
std::span<const LibcEntry> libc_table();

// The row of a function name (nullptr when the name is not a modelled library function).
const LibcEntry* find_libc(std::string_view name);

// The position of a row's Stream parameter (nullopt: it has none).
std::optional<std::size_t> stream_param(const LibcEntry& e);

// The C type of a table type (pointers are interned in `types`).
Type libc_type(LibcType t, TypeTable& types);

// RAND_MAX of the modelled library (glibc's value, the same for ILP32 and LP64).
inline constexpr std::int64_t kRandMax = 2147483647;
// EOF of <stdio.h>.
inline constexpr std::int64_t kEof = -1;

// Whether the character code c (EOF or 0..255) is in the class `set`, in the C locale.
bool in_char_set(CharSet set, std::int64_t c);
// tolower / toupper of c in the C locale (EOF and codes without a mapping unchanged).
std::int64_t map_char(CharSet set, std::int64_t c);

}  // namespace craig::frontend
