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

#include <gmpxx.h>

#include <optional>
#include <string_view>
#include <unordered_set>
#include <vector>

#include "smt/model.hpp"
#include "smt/terms/term.hpp"

namespace craig::verifier {

// The C operator `name` (without the "c." prefix) on mathematical operand values, or
// nullopt where C leaves it undefined. Bitwise operators act on two's complement values of
// unbounded width (GMP's semantics), which agrees with C for operands in their type's range.
// Also the explicit-value transfer's evaluation of operators on known operands.
std::optional<mpz_class> apply_operator(std::string_view name, const mpz_class& a, const mpz_class& b);
// "mul", "div", ... for an application of a C operator function ("c.mul"), else empty.
std::string_view operator_name(const smt::TermManager& tm, smt::Term t);

class OperatorRefinement {
public:
    explicit OperatorRefinement(smt::TermManager& tm) : tm_(tm) {}

    // Remembers the operator applications occurring in f (call for every asserted formula).
    void scan(smt::Term f);
    bool empty() const { return apps_.empty(); }
    std::size_t size() const { return apps_.size(); }  // distinct applications scanned
    // Instances refuting the model's wrong operator values (empty: the model is exact).
    std::vector<smt::Term> lemmas(const smt::Model& m);

private:
    smt::TermManager& tm_;
    std::vector<smt::Term> apps_;
    std::unordered_set<smt::Term, smt::TermHash> seen_;
};

}  // namespace craig::verifier
