// Exact evaluation of a quantifier-free term under an assignment of its constants: the
// independent check of unsat derivations (derivation.hpp). Rationals are exact (GMP); the
// semantics are SMT-LIB's (div and mod: Euclidean, mod non-negative; to_int: floor).
// Shares nothing with the solver but the term manager.
//
// Undefined (nullopt): a constant without a value, an application of a declared function, a
// division (/, div, mod) by zero, whose SMT-LIB value is whatever a model chooses.
#pragma once

#include <optional>
#include <unordered_map>

#include "smt/terms/term.hpp"
#include "smt/value.hpp"

namespace craig::chc {

using Assignment = std::unordered_map<smt::Term, smt::Value, smt::TermHash>;

std::optional<smt::Value> evaluate(const smt::TermManager& tm, smt::Term t, const Assignment& values);

}  // namespace craig::chc
