// The shape of one Horn clause: a quantifier-free Boolean term over the clause's variables and
// predicate applications, split into head, body applications and constraint.
//
// The term is read as a disjunction (Or, Implies, negations pushed through And/Or/Implies):
// a positive predicate application is the head (at most one: two make the clause non-Horn), a
// negative one a body application, and every disjunct without predicates is the negation of a
// conjunct of the constraint. A predicate application anywhere else (under ite, =, xor, inside a
// disjunction of the body) is not a Horn clause in this fragment: Unsupported at `loc`.
#pragma once

#include <unordered_map>

#include "chc/clauses.hpp"

namespace craig::chc {

// `preds` maps each predicate's FuncId to its PredId. Throws smtlib::Unsupported at `loc`.
Clause clause_shape(smt::TermManager& tm, smt::Term formula, const std::unordered_map<smt::FuncId, PredId>& preds,
                    smtlib::Location loc);

}  // namespace craig::chc
