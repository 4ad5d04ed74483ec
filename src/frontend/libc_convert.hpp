// The concrete meaning of the string-to-integer conversions of libc.hpp (LibcModel::StrToInt:
// atoi, atol, strtol, strtoul) for the replay, computed with this machine's C library on a copy
// of the string, as a compiled program on glibc would compute it.
//
// The lowering's symbolic encoding (src/verifier/lowering/lower_stdlib.cpp) follows C11 7.22.1.4
// and must agree with these results (tests/c/verify/libc_stdlib2_*.c check both on the same
// strings); long and unsigned long have the data model's width, not the host's.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "frontend/libc.hpp"
#include "frontend/types.hpp"

namespace craig::frontend {

struct StrToIntResult {
    std::uint64_t value = 0;    // normal form of the row's result type
    std::size_t consumed = 0;   // characters of the subject sequence (what *endptr skips; 0: none)
    bool out_of_range = false;  // the value is not representable (atoi/atol: undefined)
};

// The conversion `e` of `text` (the string's characters before its terminating zero) in `base`
// (10 for atoi and atol; 0 or 2..36 otherwise: the caller checks), for data model dm.
StrToIntResult string_to_int(const LibcEntry& e, const std::string& text, int base, DataModel dm);

// Whether a row of the table is one of the strto* forms (endptr and base parameters).
inline bool has_endptr(const LibcEntry& e) { return e.params[1] == LibcType::CharPtrPtr; }

}  // namespace craig::frontend
