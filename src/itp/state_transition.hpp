#pragma once
// State/transition interpolants (Albarghouthi's thesis, Def. 6.1; WHALE guesses procedure
// guards and summaries from them): for an unsatisfiable φ_0 ∧ … ∧ φ_{n+1} (n ≥ 0), formulas
// g_0 … g_n (state) and s_0 … s_{n-1} (transition) with
//   1. φ_0 ⊨ g_0,
//   2. φ_{i+1} ⊨ s_i                 for i < n,
//   3. g_i ∧ s_i ⊨ g_{i+1}          for i < n,
//   4. g_n ∧ φ_{n+1} is unsatisfiable,
// g_i over the symbols shared by φ_0..φ_i and φ_{i+1}..φ_{n+1}, s_i over those shared by φ_{i+1}
// and the other formulas. (The thesis' ranges "i ∈ [0, n]" in 2–3 and "s_i = ITP(φ_i, …)" are
// off by one against its own sequence g_0, s_0, …, s_{n-1}, g_n; this is the consistent reading.)
//
// All come from one proof as the tree interpolants of a comb (the thesis' [CGS10] route): in
// post-order, node 0 holds φ_0 (its interpolant g_0); for i < n a leaf holding φ_{i+1} (s_i) and
// then a node holding nothing (true) whose children are the previous state node and that leaf
// (g_{i+1}); the root holds φ_{n+1}. The tree conditions of that shape are exactly 1–4.
// Check the result with check_state_transition_interpolants (interpolant_check.hpp).
#include <cstdint>
#include <span>
#include <vector>

#include "itp/interpolation.hpp"

namespace craig::itp {

// The comb for `num_formulas` = n + 2 formulas: its start vector (interpolation.hpp's shape)
// and the node that holds φ_k. Throws std::invalid_argument for fewer than two formulas.
std::vector<uint32_t> state_transition_shape(uint32_t num_formulas);
uint32_t state_transition_node(uint32_t k, uint32_t num_formulas);

struct StateTransitionInterpolants {
    std::vector<smt::Term> g;  // n + 1 state interpolants
    std::vector<smt::Term> s;  // n transition interpolants
};
// Splits the comb's tree interpolants (one per node but the root, in node order).
StateTransitionInterpolants split_state_transition(std::span<const smt::Term> tree_interpolants);

// formula_of_assertion[id]: k of the active assertion with that id (kNoPartition or no entry:
// φ_{n+1}, as unnamed assertions go to the root in tree interpolation). The result's
// interpolants are the comb's tree interpolants (split them with split_state_transition).
InterpolationResult state_transition_interpolants(smt::TermManager& tm, const smt::SmtProof& proof,
                                                  std::span<const uint32_t> formula_of_assertion, uint32_t num_formulas,
                                                  const ItpOptions& options);

}  // namespace craig::itp
