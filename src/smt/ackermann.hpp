// Uninterpreted functions over bit-vectors (QF_UFBV) by Ackermann's reduction, done lazily as
// applications appear. A function whose signature has a bit-vector sort (every argument and the
// range bit-vectors or Booleans, checked by the front end) is not given to congruence closure:
// each application is a fresh variable for the theory that owns its sort (the bit-blaster's
// bits for a bit-vector range, a SAT variable for a Boolean one), and for every two applications
// f(a1..an), f(b1..bn) of one function the valid clause
//     a1 != b1 \/ ... \/ an != bn \/ f(a) = f(b)
// is added (arguments that are the same term leave their disequality out). The lemmas are
// instances of congruence, so they hold in every scope and partition of the solver: the
// solver adds them for good (LeafKind::AckermannLemma, checked by proof_check.cpp with
// is_ackermann_lemma). n applications of a function give n(n-1)/2 lemmas.
#pragma once

#include <unordered_map>
#include <vector>

#include "smt/terms/term.hpp"

namespace craig::smt {

// Whether applications of f go through Ackermann's reduction (a bit-vector sort in f's signature).
bool is_ackermann_function(const TermManager& tm, FuncId f);

// The lemma for two applications of one function (fa != fb).
Term ackermann_lemma(TermManager& tm, Term fa, Term fb);

// Whether `lemma` is ackermann_lemma(tm, fa, fb) for two applications fa, fb of one such
// function (the proof checker's test; it rebuilds the lemma from the applications it finds).
bool is_ackermann_lemma(TermManager& tm, Term lemma);

class Ackermann {
public:
    explicit Ackermann(TermManager& tm) : tm_(tm) {}
    // The lemmas that the applications first seen in f need (against every earlier application
    // of their function); the applications are remembered for later calls.
    std::vector<Term> scan(Term f);
    bool empty() const { return apps_.empty(); }
    // Every application seen, inner ones before the applications whose arguments contain them,
    // with its nesting level (1: no such application in its arguments): a model can give each
    // level's arguments their values from the tables of the levels below.
    const std::vector<Term>& applications() const { return order_; }
    uint32_t level(Term app) const { return app.id < depth_.size() ? depth_[app.id] : 0; }

private:
    TermManager& tm_;
    std::vector<uint8_t> seen_;    // per term id
    std::vector<uint32_t> depth_;  // per term id: the deepest nesting of applications in it
    std::unordered_map<FuncId, std::vector<Term>> apps_;
    std::vector<Term> order_;
};

}  // namespace craig::smt
