// A system of constrained Horn clauses as read from a CHC-COMP file (SMT-LIB logic HORN).
//
// A clause is  body_1 ∧ ... ∧ body_n ∧ constraint → head  where each body_i and the head are
// applications of declared predicates to terms, the head may be absent (`false`: a query),
// and the constraint is a quantifier-free formula over the clause's variables (LIA/LRA). The
// clause's variables are fresh constants of the term manager (one per quantified variable,
// never shared between clauses); they are universally quantified.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "smt/terms/term.hpp"
#include "smtlib/syntax/token.hpp"

namespace craig::chc {

using PredId = std::uint32_t;

struct Predicate {
    std::string name;
    smt::FuncId func = 0;  // the declared symbol (Bool range)
    std::vector<smt::Sort> sorts;
    smtlib::Location loc;  // of the declare-fun
};

struct PredApp {
    PredId pred = 0;
    std::vector<smt::Term> args;
};

struct Clause {
    std::vector<PredApp> body;
    std::optional<PredApp> head;  // nullopt: false (a query)
    smt::Term constraint;
    std::vector<smt::Term> vars;  // the quantified variables (constants), in order
    smtlib::Location loc;         // of the assert command
    bool is_fact() const { return body.empty() && head.has_value(); }
    bool is_query() const { return !head.has_value(); }
    bool is_linear() const { return body.size() <= 1; }
};

struct ChcSystem {
    std::string file;
    std::vector<Predicate> preds;
    std::vector<Clause> clauses;
    bool check_sat = false;  // the file asked (check-sat)
};

}  // namespace craig::chc
