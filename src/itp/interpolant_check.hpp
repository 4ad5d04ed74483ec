#pragma once
// Independent check of tree (and so sequence and binary) interpolants, with fresh solvers over
// the same TermManager (nothing of the interpolator is used):
//   - for every node i: (∧_{children c} I_c) ∧ formulas[i] ∧ ¬I_i is unsat (I_root = false);
//   - every uninterpreted symbol of I_i occurs in the subtree of i and outside it.
// The local conditions imply the global ones (A ⊨ I, I ∧ B unsat).
// A partition may be given as its list of assertions: the conditions then use their conjunction
// and the symbol condition reads the assertions themselves, as the interpolator does; their
// conjunction may fold (x <= 0 and not x <= 0 make false) and lose symbols that the partition has.
#include <span>
#include <string>
#include <vector>

#include "smt/solver.hpp"
#include "smt/terms/term.hpp"

namespace craig::itp {

enum class CheckOutcome { Valid, Invalid, Inconclusive };  // Inconclusive: a query was unknown

struct CheckReport {
    CheckOutcome outcome = CheckOutcome::Valid;
    std::string why;  // which node and condition failed, or which query was unknown
};

// formulas[i]: the conjunction of partition i; start: the shape (interpolation.hpp);
// interpolants: one per node but the root. `solver_options` sets limits (deadline, seed) for
// the check's queries.
CheckReport check_tree_interpolants(smt::TermManager& tm, std::span<const smt::Term> formulas,
                                    std::span<const uint32_t> start, std::span<const smt::Term> interpolants,
                                    const smt::SolverOptions& solver_options = {});
// partitions[i]: the assertions of partition i.
CheckReport check_tree_interpolants(smt::TermManager& tm, std::span<const std::vector<smt::Term>> partitions,
                                    std::span<const uint32_t> start, std::span<const smt::Term> interpolants,
                                    const smt::SolverOptions& solver_options = {});

// State/transition interpolants (state_transition.hpp) of phis = φ_0 … φ_{n+1}: each of the four
// conditions of Def. 6.1 by its own query (1: φ_0 ∧ ¬g_0, 2: φ_{i+1} ∧ ¬s_i, 3: g_i ∧ s_i ∧ ¬g_{i+1},
// 4: g_n ∧ φ_{n+1}, all unsat) and the symbols of every g_i and s_i; `why` names the condition.
CheckReport check_state_transition_interpolants(smt::TermManager& tm, std::span<const smt::Term> phis,
                                                std::span<const smt::Term> g, std::span<const smt::Term> s,
                                                const smt::SolverOptions& solver_options = {});
// phis[k]: the assertions of φ_k.
CheckReport check_state_transition_interpolants(smt::TermManager& tm, std::span<const std::vector<smt::Term>> phis,
                                                std::span<const smt::Term> g, std::span<const smt::Term> s,
                                                const smt::SolverOptions& solver_options = {});

}  // namespace craig::itp
