#pragma once
// Model-based combination of EUF and linear arithmetic (after de Moura and Bjørner,
// "Model-based Theory Combination", SMT 2007).
//
// The shared terms are the Int/Real terms the congruence closure knows (applications of
// arithmetic range and arithmetic arguments of applications). After both theories accepted a
// round, the two must agree on which shared terms are equal: terms with equal arithmetic
// values must be congruent and congruent terms must have equal values. For every pair on
// which they disagree, propose() returns the atom s = t as a split: the SAT solver decides it
// and both theories then receive it (EUF as the interface equality s = t). Each split is a
// new atom over finitely many shared terms, so the loop terminates; when no split is left,
// one model satisfies both theories.
#include <unordered_set>
#include <vector>

#include "smt/euf_theory.hpp"
#include "smt/lra_theory.hpp"

namespace craig::smt {

class Combination {
public:
    Combination(TermManager& tm, EufTheory& euf, LraTheory& lra) : tm_(tm), euf_(euf), lra_(lra) {}

    // Call after both theories accepted the round (before end_round). Appends the atoms on which
    // the theories disagree; returns true if there was none.
    bool propose(std::vector<Term>& splits);
    // After a propose() that returned splits: false if every one of them had been proposed
    // before (the theories then disagree on decided atoms, and the loop would not converge).
    bool made_progress() const { return progress_; }
    // After a propose() that returned false without splits: congruent terms with different
    // values had no equality atom to split on (every one normalized to a constant).
    bool unresolved() const { return unresolved_; }

private:
    bool split(Term s, Term t, std::vector<Term>& splits);  // false: the atom is a constant

    TermManager& tm_;
    EufTheory& euf_;
    LraTheory& lra_;
    std::vector<std::pair<Term, Term>> shared_;  // scratch: (term, representative)
    std::unordered_set<uint64_t> proposed_;      // pairs (s, t) ever proposed
    bool progress_ = false;
    bool unresolved_ = false;
};

}  // namespace craig::smt
