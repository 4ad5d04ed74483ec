// Building blocks shared by the two translations of Horn clauses into program models
// (to_program.hpp: linear clauses as a Program; to_procedures.hpp: any clauses as procedures):
// a clause's constraint over program constants, with the arguments of its predicate
// applications bound to the cur or next constants of program variables.
#pragma once

#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "chc/clauses.hpp"
#include "smt/terms/term.hpp"

namespace craig::chc {

struct EdgeFormula {
    std::vector<smt::Term> conj;                                    // equations, then the constraint
    std::unordered_map<smt::Term, smt::Term, smt::TermHash> subst;  // clause variable -> program constant
};

// Binds an argument of a predicate application to the program constant `target`: a clause
// variable seen for the first time is replaced by `target` (no equation needed), anything else
// (a compound term, a variable bound before) gives the equation target = arg, substituted later.
void bind_argument(smt::TermManager& tm, const std::unordered_set<smt::Term, smt::TermHash>& clause_vars, smt::Term arg,
                   smt::Term target, EdgeFormula& f);

// Throws smtlib::Unsupported at the clause for arithmetic the solver does not decide (a product
// of variables, a division by a variable): such a clause is refused rather than left to engines
// that could only say unknown.
void check_arithmetic(const smt::TermManager& tm, const Clause& c);

// "int3", "real0", "bool1": the name of the k-th program variable of a sort.
std::string argument_name(smt::Sort s, std::size_t k);

}  // namespace craig::chc
