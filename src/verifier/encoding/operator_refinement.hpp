// Lazy refinement of the uninterpreted C operators of the lowering (c.mul, c.div, c.rem,
// c.shl, c.shr, c.bvand, c.bvor, c.bvxor between two non-constant operands).
//
// The lowering over-approximates these operators by uninterpreted functions, so a model
// of a path formula may give an application a value the C operator would not compute.
// `lemmas(model)` returns, for each application the model gets wrong, the valid instance
//   (a = va ∧ b = vb) → op(a, b) = C(va, vb)
// where C is the operator on the (in-range) operand values. Instances are true of the C
// operator, so adding them keeps every over-approximation argument (a TRUE verdict) sound
// and removes spurious counterexamples one point at a time. Undefined cases (division by
// zero, shifts by a negative amount or 64 or more) get no instance.
#pragma once

#include <unordered_set>
#include <vector>

#include "smt/model.hpp"
#include "smt/terms/term.hpp"

namespace craig::verifier {

class OperatorRefinement {
public:
    explicit OperatorRefinement(smt::TermManager& tm) : tm_(tm) {}

    // Remembers the operator applications occurring in f (call for every asserted formula).
    void scan(smt::Term f);
    bool empty() const { return apps_.empty(); }
    // Instances refuting the model's wrong operator values (empty: the model is exact).
    std::vector<smt::Term> lemmas(const smt::Model& m);

private:
    smt::TermManager& tm_;
    std::vector<smt::Term> apps_;
    std::unordered_set<smt::Term, smt::TermHash> seen_;
};

}  // namespace craig::verifier
