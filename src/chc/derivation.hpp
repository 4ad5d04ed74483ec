// Unsat answers of Horn problems: a derivation of false, i.e. a sequence of clause instances
// c_0, ..., c_n (c_0 a fact, c_n a query, the body application of c_j the head application of
// c_{j-1}) with a value for every variable of every instance.
//
// find_derivation turns the clause sequence of an engine's counterexample into values (a fresh
// solver on the conjunction of the instances). check_derivation is the independent check: the
// shape above, and every constraint and every linking equation (body arguments of c_j equal to
// the head arguments of c_{j-1}) evaluated true by evaluate.hpp with exact rationals. It uses no
// solver.
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
    Assignment values;  // the clause's variables (Clause::vars)
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

// (derivation (step J :clause I :line L (VAR VALUE)* :head (P ARGS) | :head false) ...)
void print_derivation(std::ostream& out, const smt::TermManager& tm, const ChcSystem& sys, const Derivation& d);

}  // namespace craig::chc
