// The step case of k-induction (Sheeran, Singh, Stålmarck, FMCAD 2000) over a program: paths of
// k edges from an arbitrary state (Unrolling::Start::Anywhere), for the engine kind and for the
// gate's check of its certificate (certify/kinduction_check.hpp), which builds its own.
//
//   InductionWindow w(p, invariants, simple_path);
//   for (Term f : w.extend()) solver.assert_formula(f);   // now w.depth() == 1
//   solver.check({w.bad()});                                // unsat: 1-inductive
//
// The state is the pair (location, variables) of the program counter encoding: R_i(l) says the
// path is at l after i edges (unrolling.hpp). A model of the formulas so far with bad() is a
// path of depth() edges that passes through no bad location (the error has no outgoing edges,
// none leave the truncated one here) and ends at the error or the truncated location, so its
// first depth() states are safe: the step case fails. The constraints:
//   invariants   R_i(l) → inv[l](V_i) at every state (auxiliary invariants; constrain() adds
//                more later, for every state so far and every later one);
//   simple path  R_i(l) ∧ R_j(l) → V_i ≠ V_j for i < j (Sheeran et al., section 3: the
//                states of the path are pairwise distinct; quadratic in the depth).
// Every path of depth() edges between reachable states (which satisfy the invariants when they
// are inductive) with pairwise distinct states is a model: the formulas over-approximate them.
#pragma once

#include <span>
#include <vector>

#include "verifier/encoding/unrolling.hpp"
#include "verifier/program/program.hpp"

namespace craig::verifier {

class InductionWindow {
public:
    // `invariants`: one formula per location over the cur constants, or empty (none).
    InductionWindow(const Program& p, std::span<const smt::Term> invariants, bool simple_path);

    unsigned depth() const { return u_.depth(); }
    // The formulas of state 0 (its invariants); to assert once, before the first extend().
    std::vector<smt::Term> initial();
    // Adds one edge to the window; returns the formulas to assert.
    std::vector<smt::Term> extend();
    // Conjoins `more` (one formula per location) to the invariants; returns the formulas that
    // constrain the states so far with it.
    std::vector<smt::Term> constrain(std::span<const smt::Term> more);
    // The path of depth() edges ends at the error or the truncated location (false if it cannot).
    smt::Term bad() const;
    const Unrolling& unrolling() const { return u_; }

private:
    // R_i(l) → inv(V_i) for every location with an invariant.
    void constrain_state(unsigned i, std::span<const smt::Term> inv, std::vector<smt::Term>& out) const;

    const Program& p_;
    smt::TermManager& tm_;
    Unrolling u_;
    std::vector<smt::Term> invariants_;  // per location (true: none)
    bool simple_path_;
};

}  // namespace craig::verifier
