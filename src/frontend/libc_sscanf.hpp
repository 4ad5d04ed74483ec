// sscanf (LibcModel::ScanString) for the replay: glibc's sscanf of a copy of the string, and
// the formats craig accepts, which the lowering checks too (lower_stdio.cpp).
//
// Accepted formats: white space, ordinary characters, %% and the conversions d i u o x X with
// the length modifiers hh h l ll, and c without a width (one character); any of them may be
// suppressed with '*'. The replay runs glibc's sscanf one conversion at a time (the format
// text up to it, the conversion read as long long or char, then %n), which is the same as one
// call because sscanf's only state between conversions is its position in the string.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "frontend/types.hpp"

namespace craig::frontend {

struct ScanConversion {
    std::string piece;  // the format text before it (white space, characters) and the conversion
    bool assigns = true;  // false: suppressed with '*'
    char conv = 'd';
    std::string length;   // hh h l ll or empty
};

// The conversions of an accepted format (nullopt: not accepted; `why` says what is not).
std::optional<std::vector<ScanConversion>> parse_scan_format(std::string_view format, std::string& why);

// The integer type a conversion assigns to (C11 7.21.6.2p11-12): int for %d, unsigned char for
// %hhu, char for %c, ...
TypeKind scan_target_kind(const ScanConversion& c);

struct SscanfResult {
    int result = 0;                    // EOF, or the number of assignments
    std::vector<std::int64_t> values;  // per assignment, as glibc read it (long long or char)
};

// glibc's sscanf of `text` with the conversions of an accepted format.
SscanfResult run_sscanf(const std::string& text, const std::vector<ScanConversion>& convs);

}  // namespace craig::frontend
