#pragma once
// Eager transitivity for equality atoms (Bryant and Velev; Strichman and Rozanov, "Generating
// minimum transitivity constraints in P-time for deciding Equality Logic", SMT 2005).
//
// The equality atoms over uninterpreted sorts form a graph on their terms. Making that graph
// chordal (vertex elimination, min-degree order; each fill edge is a new equality atom) and
// adding the three transitivity clauses of every triangle lets the SAT solver itself rule out
// every assignment that violates transitivity, instead of the lazy loop discovering the cycles
// one theory conflict at a time (the eq_diamond family needs exponentially many otherwise).
// The clauses are valid, so adding any subset of them is sound; `max_triangles` bounds the
// work on dense graphs (elimination stops there and the lazy loop does the rest).
#include <array>
#include <cstddef>
#include <span>
#include <vector>

#include "smt/terms/term.hpp"

namespace craig::smt {

// Triangles (u, v, w) of the chordal completion of the graph whose edges are `equalities`
// (Eq atoms); the caller adds the clauses over mk_eq(u, v), mk_eq(v, w), mk_eq(u, w).
std::vector<std::array<Term, 3>> chordal_triangles(const TermManager& tm, std::span<const Term> equalities,
                                                   size_t max_triangles);

}  // namespace craig::smt
