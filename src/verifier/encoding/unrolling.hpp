// The unrolling of a program for k steps (bounded model checking and its certificate).
//
// Per step i a copy V_i of the variables and a flag R_i(l) per location meaning "the path is
// at l after i edges"; per edge e from step i a flag T_i(e) with T_i(e) -> R_i(src) ∧ e(V_i,
// V_{i+1}) and R_{i+1}(l) -> the disjunction of T_i of its incoming edges. R_0(entry) is true.
// extend() returns the formulas of the next step for the caller to assert, so one unrolling
// can feed an incremental solver (bmc) or a fresh one (certify/bounded_check.hpp).
//
// Start::Anywhere unrolls from an arbitrary state instead (the step case of k-induction,
// encoding/induction_window.hpp): R_0(l) is a free flag for every location but the error and
// the truncated one, V_0 is unconstrained, and no edge leaves the truncated location, so a
// path of k steps passes through no bad location before its last state.
#pragma once

#include <cstdint>
#include <span>
#include <unordered_map>
#include <vector>

#include "smt/model.hpp"
#include "verifier/encoding/block_path.hpp"
#include "verifier/program/program.hpp"

namespace craig::verifier {

class Unrolling {
public:
    enum class Start : std::uint8_t { Entry, Anywhere };
    explicit Unrolling(const Program& p, Start start = Start::Entry);

    unsigned depth() const { return static_cast<unsigned>(reach_.size() - 1); }
    // R_i(l); invalid when l cannot be reached in exactly i steps (no incoming flag).
    smt::Term reach(unsigned i, LocId l) const { return reach_[i][l]; }
    // V_i: the constants of the variables after i steps, in variable order.
    const std::vector<smt::Term>& state(unsigned i) const { return values_[i]; }
    // Adds step depth() -> depth()+1; returns the formulas to assert.
    std::vector<smt::Term> extend();
    // Some location with outgoing edges is reached at step k. The truncated location (a call
    // deeper than the recursion bound) loops on itself for ever; it is not alive: a path there
    // has left the program the lowering modelled (truncated_reached()).
    smt::Term alive(unsigned k) const;
    // The truncated location is reached within k steps (false when there is none).
    smt::Term truncated_reached(unsigned k) const;
    // The error location is reached at some step 0..k (false when never).
    smt::Term error_reached(unsigned k) const;

    // The counterexample of a model of R_k(error): the edges taken back from the error, then
    // translated to the program's origin (block_path.hpp). Throws smt::CheckFailure when the
    // model holds no path.
    Counterexample counterexample(unsigned k, const smt::Model& m) const;

private:
    std::vector<smt::Term> fresh_state(unsigned k);

    const Program& p_;
    smt::TermManager& tm_;
    Start start_;
    std::vector<std::vector<smt::Term>> values_;
    std::vector<std::vector<smt::Term>> reach_;
    std::vector<std::vector<smt::Term>> edge_flags_;
    std::vector<std::vector<AuxRenaming>> renamed_;
};

}  // namespace craig::verifier
