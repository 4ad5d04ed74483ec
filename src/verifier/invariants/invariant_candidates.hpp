// Candidate invariants of a loop head from sampled reachable states, for Houdini
// (houdini.hpp) to keep the inductive ones. impact's invariant discovery samples the states
// (path formulas to the loop head and a few iterations past it); the templates are here:
//  * the affine hull's equalities of the samples (as two bounds each),
//  * bounds of each arithmetic variable and of each pairwise difference as far as the samples go
//    (octagon-like templates),
//  * the range of each C-declared Int variable's type (the lowering keeps values in it, no label
//    states it),
//  * congruences x = r (mod g) that every sample satisfies (2 <= g <= 2^20),
//  * the program's own bounds q <= c (guards, assertions; collect_program_bounds) and their
//    neighbours q <= c + 1, q >= c, q >= c + 1 where the samples satisfy them.
// Every candidate is over the cur constants of `blocks`; none is assumed to hold.
#pragma once

#include <span>
#include <utility>
#include <vector>

#include <gmpxx.h>

#include "smt/solver.hpp"
#include "smt/terms/term.hpp"
#include "verifier/invariants/affine_hull.hpp"
#include "verifier/program/program.hpp"

namespace craig::verifier {

// A bound q <= constant of an Int atom of the program, q = sum of coeff * var.
struct ProgramBound {
    std::vector<std::pair<VarId, mpq_class>> terms;
    mpq_class constant;
};

// The bounds of the program's inequality and equality atoms over Int variables alone (cur or
// next constants, not both), at most kMaxProgramBounds of them, in edge order.
std::vector<ProgramBound> collect_program_bounds(const Program& p);

// Σ e.coeffs[i]·at[arith[i]] + e.constant, Real when a Real variable occurs (programs from Horn
// clauses), else Int (an Int polynomial is tightened and rounded as integers).
smt::Term affine_term(smt::TermManager& tm, const AffineEquality& e, std::span<const VarId> arith,
                      std::span<const smt::Term> at);

// Sampled states at one location and their affine hull: invariant_candidates' input.
struct StateSamples {
    explicit StateSamples(std::size_t dim) : hull(affine_equalities({}, dim)) {}
    std::vector<std::vector<mpq_class>> points;  // points[k][i]: arith[i] in sample k
    std::vector<AffineEquality> hull;            // their equalities (every x_i = 0 without samples)
};

// Adds models of `s` under `assumption` (invalid: none) at `state` (the constants of the
// program's variables at one point of a path), each outside the affine hull of the samples so
// far, at most arith.size() + 1 of them; stops at the first check that is not Sat.
void sample_outside_hull(smt::Solver& s, std::span<const VarId> arith, std::span<const smt::Term> state,
                         smt::Term assumption, StateSamples& samples);

// Requires !samples.empty(); samples[k][i] is the value of arith[i] in sample k, `hull` their
// affine equalities.
std::vector<smt::Term> invariant_candidates(const Program& blocks, std::span<const VarId> arith,
                                            const std::vector<std::vector<mpq_class>>& samples,
                                            const std::vector<AffineEquality>& hull,
                                            std::span<const ProgramBound> program_bounds);

}  // namespace craig::verifier
