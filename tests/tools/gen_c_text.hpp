// Random C string literals and character constants for gen_c (its --lib option).
//
// Each result is C source text together with what the generator must know to stay in bounds:
// a literal's size in bytes (the terminating zero included, so `sizeof "ab"` is 3). The text
// uses escapes that end unambiguously (simple escapes and three-digit octal ones, never \x,
// which would swallow a following hex digit) and no '?', so no trigraph can form under
// -std=c11. Bytes 128..255 are negative `char` values on x86-64 (and in craig's LP64 model):
// the programs compare them, so both sides must agree on the signedness of char.
#pragma once

#include <string>

#include "rng.hpp"

namespace craig::testgen {

struct Literal {
    std::string text;  // with the quotes
    int size;          // bytes, the terminator included
};

// One byte of a literal or character constant, as source text inside `quote` quotes.
inline std::string random_char_text(Rng& rng, char quote) {
    static const char kPlain[] =
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 !#$%&()*+,-./:;<=>@[]^_{|}~";
    static const char* kEscapes[] = {"\\n", "\\t", "\\\\", "\\r", "\\v", "\\f"};
    int r = rng.below(20);
    if (r < 14) return std::string(1, kPlain[rng.below(static_cast<int>(sizeof kPlain) - 1)]);
    if (r < 16) return kEscapes[rng.below(6)];
    if (r == 16) return quote == '"' ? "\\\"" : "\\'";
    // A three-digit octal escape: mostly the bytes of negative chars, sometimes a zero.
    int byte = rng.chance(0.15) ? 0 : rng.chance(0.7) ? rng.range(128, 255) : rng.range(1, 127);
    std::string s = "\\";
    for (int shift = 6; shift >= 0; shift -= 3) s += static_cast<char>('0' + ((byte >> shift) & 7));
    return s;
}

// A literal of min_len..max_len bytes before its terminator.
inline Literal random_literal(Rng& rng, int min_len, int max_len) {
    int len = rng.range(min_len, max_len);
    Literal lit{"\"", len + 1};
    for (int i = 0; i < len; ++i) lit.text += random_char_text(rng, '"');
    lit.text += '"';
    return lit;
}

// A character constant: type int; '\ooo' above 127 is negative where char is signed.
inline std::string random_char_constant(Rng& rng) { return "'" + random_char_text(rng, '\'') + "'"; }

}  // namespace craig::testgen
