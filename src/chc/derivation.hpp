// Unsat answers of Horn problems: a derivation of false, i.e. a tree of clause instances with a
// value for every variable of every instance, listed in post-order: c_0, ..., c_n, where c_n is
// a query and the i-th body application of c_j is the head application of an earlier step,
// premises[i] (for linear clauses a chain: c_0 a fact, the premise of c_j is c_{j-1}).
//
// find_derivation turns the clause sequence of an engine's counterexample (a post-order, every
// premise's subtree before the step, the premises in body order) into a tree and values (a fresh
// solver on the conjunction of the instances). check_derivation is the independent check: the
// shape above, and every constraint and every linking equation (body arguments of c_j equal to
// the head arguments of its premises) evaluated true by evaluate.hpp with exact rationals. It
// uses no solver.
#pragma once

#include <iosfwd>
#include <span>
#include <string>

#include "chc/clauses.hpp"
#include "chc/evaluate.hpp"
#include "smt/solver.hpp"

namespace craig::chc {

struct DerivationStep {
    std::size_t clause = 0;
    Assignment values;                  // the clause's variables (Clause::vars)
    std::vector<std::size_t> premises;  // per body application: the step that derived it
};

struct Derivation {
    std::vector<DerivationStep> steps;
};

enum class DerivationOutcome { Valid, Invalid, Undefined };

struct DerivationCheck {
    DerivationOutcome outcome = DerivationOutcome::Valid;
    std::string why;
};

DerivationCheck check_derivation(const smt::TermManager& tm, const ChcSystem& sys, const Derivation& d);

struct DerivationSearch {
    smt::Result result = smt::Result::Unknown;  // Sat: `derivation` is set
    Derivation derivation;
    std::string why;  // not Sat: what failed
};

// Values for the clause sequence `clauses` (indices into sys.clauses); Unsat when the sequence is
// not a chain of clause instances or no values exist.
DerivationSearch find_derivation(smt::TermManager& tm, const ChcSystem& sys, std::span<const std::size_t> clauses,
                                 const smt::SolverOptions& options);

// (derivation (step J :clause I :line L (VAR VALUE)* [:premises (K ...)] :head (P ARGS) | :head false) ...)
// (premises are printed for steps whose clause has a body)
void print_derivation(std::ostream& out, const smt::TermManager& tm, const ChcSystem& sys, const Derivation& d);

}  // namespace craig::chc
