#pragma once
// Simplification of interpolants, by level (each level includes the ones below):
//   0  as built: term construction already propagates constants, flattens and/or and removes
//      duplicate and complementary children;
//   1  contextual propagation: inside and(l1, ..., f) every literal sibling li is true while
//      f is simplified (inside or(...) false), so repeated atoms collapse;
//   2  bound subsumption: in one and/or, bounds on the same polynomial keep only the tightest
//      (and) or loosest (or) upper and lower bound;
//   3  redundancy by the solver: a top-level conjunct implied by the others (disjunct that
//      implies the others) is dropped, decided by a fresh smt::Solver.
// Every level returns an equivalent formula over a subset of the atoms of the input.
#include <cstdint>

#include "smt/terms/term.hpp"

namespace craig::itp {

// Levels 1 and 2 give up after `max_steps` steps of the contextual pass (its cost can be
// exponential in the nesting of shared subterms) and keep the input as it is.
smt::Term simplify_interpolant(smt::TermManager& tm, smt::Term t, int level, uint64_t max_steps = 100000);

}  // namespace craig::itp
