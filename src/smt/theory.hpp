#pragma once
// Theory: a theory solver as the lazy DPLL(T) loop sees it.
//
// One round per SAT model: begin_round(), then the relevant atoms with their values, then
// check(). A failed check returns one or more conflicts, each a set of asserted literals
// (true in the SAT model) whose conjunction is theory-inconsistent; the loop adds the
// negation of each as a clause. A successful check leaves the theory able to extend a model.
// end_round() undoes the round's assertions (terms stay registered for later rounds).
#include <string>
#include <vector>

#include "sat/sat_solver.hpp"
#include "smt/model.hpp"
#include "smt/terms/term.hpp"

namespace craig::smt {

class Theory {
public:
    virtual ~Theory() = default;
    virtual const char* name() const = 0;
    // Once per check-sat, before its first round (per-check budgets start here).
    virtual void begin_check() {}
    // Does this theory decide the atom (it will receive it through assert_atom)?
    virtual bool owns(Term atom) const = 0;
    virtual void begin_round() = 0;
    // `reason` is the literal that is true in the SAT model (the atom's or its negation's).
    virtual void assert_atom(Term atom, bool value, sat::Lit reason) = 0;
    virtual bool check(std::vector<std::vector<sat::Lit>>& conflicts) = 0;
    // After a successful check: record values of the symbols this theory interprets.
    virtual void extend_model(Model& model) = 0;
    virtual void end_round() = 0;
    // After a round: formulas the theory needs added (valid lemmas, kept for good) and atoms whose
    // value the SAT solver must decide and pass back (splits, e.g. branch and bound). A split may
    // be a negated atom: the SAT solver tries the split's polarity first (its phase).
    virtual void take_requests(std::vector<Term>& lemmas, std::vector<Term>& splits) {}
    // Non-empty when the theory accepted the round but cannot vouch for a model (incomplete).
    virtual const std::string& incomplete_reason() const {
        static const std::string none;
        return none;
    }
};

}  // namespace craig::smt
