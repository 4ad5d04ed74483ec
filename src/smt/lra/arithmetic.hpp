#pragma once
// The arithmetic the simplex computes with (issue 3). Both are exact and give the same results;
// Gmp exists to measure the fast path against, and as a fallback should the fast path ever be
// suspected. Chosen with `craig solve --lra-arith=fast|gmp` (smt::SolverOptions::lra_arith).
#include <cstdint>
#include <optional>
#include <string_view>

namespace craig::lra {

enum class Arith : uint8_t {
    Fast,  // machine words, each number falling back to GMP when it does not fit (default)
    Gmp,   // GMP numbers only
};

inline const char* to_string(Arith a) { return a == Arith::Fast ? "fast" : "gmp"; }

// The inverse of to_string; nothing for any other name.
inline std::optional<Arith> parse_arith(std::string_view name) {
    if (name == "fast") return Arith::Fast;
    if (name == "gmp") return Arith::Gmp;
    return std::nullopt;
}

}  // namespace craig::lra
