// The exact check: a satisfiability check whose Sat answers hold for the C operators.
//
// The lowering over-approximates c.mul, c.div, ... by uninterpreted functions
// (operator_refinement.hpp), so a model may give an application a value C would not compute.
// exact_check repeats the check, asserting the valid instances that refute the model's wrong
// values, until a model is exact (Sat), the check is Unsat, or `rounds` rounds of instances
// were added (Unknown, `out_of_rounds`). Instances are facts about C: asserting them keeps
// every Unsat answer an over-approximation argument.
//
// Groups: the operator applications are scanned into one OperatorRefinement per group (one
// per path block for interpolation); `on_instance(group, id, instance)` hears of each asserted
// instance with its group, so an interpolating caller can put it into that block's partition
// (or conjoin it to that edge of a DAG).
// Used by bmc, impact (path queries) and the certification gate (invariant and bounded checks).
#pragma once

#include <cstddef>
#include <functional>
#include <span>
#include <string>

#include "smt/solver.hpp"
#include "verifier/encoding/operator_refinement.hpp"

namespace craig::verifier {

struct ExactCheck {
    smt::Result result = smt::Result::Unknown;
    bool out_of_rounds = false;  // Unknown because the rounds ran out (else the solver's reason)
    unsigned checks = 0;         // solver checks made
    std::size_t instances = 0;   // operator instances asserted
    // "solver: <reason-unknown>" or "operator refinement budget" for Unknown; empty otherwise.
    std::string why(const smt::Solver& s) const;
};

ExactCheck exact_check(
    smt::Solver& solver, std::span<OperatorRefinement> groups, std::span<const smt::Term> assumptions, unsigned rounds,
    const std::function<void(std::size_t group, smt::AssertionId id, smt::Term instance)>& on_instance = {});

// One group.
inline ExactCheck exact_check(smt::Solver& solver, OperatorRefinement& operators,
                              std::span<const smt::Term> assumptions, unsigned rounds) {
    return exact_check(solver, std::span<OperatorRefinement>(&operators, 1), assumptions, rounds);
}

}  // namespace craig::verifier
