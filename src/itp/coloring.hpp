#pragma once
// Coloring: which side of one cut (A | B) a term belongs to, by its uninterpreted symbols.
//
// A symbol (a declared constant or function, FuncId) occurs in A, in B, or in both (shared).
// A term is
//   Shared  if every symbol of it is shared (interpreted symbols and numerals do not count),
//   A       if every symbol occurs in A and some symbol is not shared (A-local),
//   B       likewise for B (B-local),
//   Mixed   if it has an A-only and a B-only symbol (an AB-mixed term, which no interpolant may
//           mention; theory solvers can create such atoms, e.g. interface equalities).
// An interpolant of the cut must be Shared. Colors are memoised per term id.
#include <cstdint>
#include <span>
#include <vector>

#include "smt/terms/term.hpp"

namespace craig::itp {

using smt::FuncId;
using smt::Term;
using smt::TermManager;

enum class Color : uint8_t { Shared = 0, A = 1, B = 2, Mixed = 3 };

// Bit set of the sides a symbol occurs in.
enum SideBits : uint8_t { kInA = 1, kInB = 2 };

class Coloring {
public:
    // symbol_sides[f] is a combination of SideBits for every FuncId f (missing entries: neither,
    // which counts as shared: a symbol no formula mentions constrains nothing).
    Coloring(const TermManager& tm, std::vector<uint8_t> symbol_sides);
    // The usual construction: the symbols of the A formulas and of the B formulas.
    static Coloring of_sides(const TermManager& tm, std::span<const Term> a, std::span<const Term> b);

    Color color(Term t);
    bool shared(Term t) { return color(t) == Color::Shared; }
    uint8_t symbol_sides(FuncId f) const { return f < sides_.size() ? sides_[f] : 0; }
    bool symbol_shared(FuncId f) const {
        uint8_t s = symbol_sides(f);
        return s == 0 || s == (kInA | kInB);
    }

private:
    const TermManager& tm_;
    std::vector<uint8_t> sides_;
    std::vector<uint8_t> memo_;  // per term id: 0 = not computed, else 1 + Color
};

// The uninterpreted symbols of t (each once, unordered), appended to out.
void collect_symbols(const TermManager& tm, Term t, std::vector<FuncId>& out);

}  // namespace craig::itp
