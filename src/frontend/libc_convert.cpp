#include "frontend/libc_convert.hpp"

#include <cerrno>
#include <cstdlib>

namespace craig::frontend {

namespace {

TypeKind kind_of(LibcType t) {
    switch (t) {
        case LibcType::Int: return TypeKind::Int;
        case LibcType::ULong: return TypeKind::ULong;
        default: return TypeKind::Long;
    }
}

// Whether the subject sequence starts with '-' (after white space, C11 7.22.1.4p2).
bool negative_subject(const std::string& text) {
    std::size_t i = 0;
    while (i < text.size() && (text[i] == ' ' || (text[i] >= '\t' && text[i] <= '\r'))) ++i;
    return i < text.size() && text[i] == '-';
}

}  // namespace

StrToIntResult string_to_int(const LibcEntry& e, const std::string& text, int base, DataModel dm) {
    const TypeKind k = kind_of(e.result);
    const unsigned width = bit_width(k, dm);
    StrToIntResult r;
    char* end = nullptr;
    errno = 0;
    if (k == TypeKind::ULong) {
        // glibc's strtoull on the host; for a 32-bit unsigned long, the magnitude is what must fit.
        const unsigned long long v = std::strtoull(text.c_str(), &end, base);
        const bool range_error = errno == ERANGE;
        r.consumed = static_cast<std::size_t>(end - text.c_str());
        const unsigned long long max = width >= 64 ? ~0ULL : (1ULL << width) - 1;
        const bool neg = r.consumed > 0 && negative_subject(text);
        const unsigned long long magnitude = neg ? 0ULL - v : v;
        if (range_error || magnitude > max) {
            r.out_of_range = true;
            r.value = max;
        } else {
            r.value = (neg ? 0ULL - magnitude : magnitude) & max;
        }
        return r;
    }
    long long v = std::strtoll(text.c_str(), &end, base);
    r.consumed = static_cast<std::size_t>(end - text.c_str());
    const long long lo = static_cast<long long>(min_value(k, dm)), hi = static_cast<long long>(max_value(k, dm));
    if (errno == ERANGE || v < lo || v > hi) {
        r.out_of_range = true;
        v = v < 0 ? lo : hi;
    }
    r.value = normalize(static_cast<std::uint64_t>(v), k, dm);
    return r;
}

}  // namespace craig::frontend
