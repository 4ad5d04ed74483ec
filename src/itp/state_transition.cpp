// State/transition interpolants as the tree interpolants of a comb (state_transition.hpp).
#include "itp/state_transition.hpp"

#include <stdexcept>
#include <string>

namespace craig::itp {

std::vector<uint32_t> state_transition_shape(uint32_t num_formulas) {
    if (num_formulas < 2) throw std::invalid_argument("state/transition interpolants need at least two formulas");
    // Nodes: 0 = φ_0; 2i+1 = φ_{i+1} (leaf, s_i) and 2i+2 = g_{i+1} (children 2i and 2i+1) for
    // i < n; 2n+1 = the root φ_{n+1}. Every node but the leaves 2i+1 starts its subtree at 0.
    const uint32_t nodes = 2 * num_formulas - 2;
    std::vector<uint32_t> start(nodes, 0);
    for (uint32_t i = 1; i + 1 < nodes; i += 2) start[i] = i;
    return start;
}

uint32_t state_transition_node(uint32_t k, uint32_t num_formulas) {
    if (k >= num_formulas) throw std::invalid_argument("formula " + std::to_string(k) + " out of range");
    if (k == 0) return 0;
    return k + 1 == num_formulas ? 2 * num_formulas - 3 : 2 * k - 1;
}

StateTransitionInterpolants split_state_transition(std::span<const smt::Term> tree_interpolants) {
    StateTransitionInterpolants r;
    for (std::size_t i = 0; i < tree_interpolants.size(); ++i) (i % 2 == 0 ? r.g : r.s).push_back(tree_interpolants[i]);
    return r;
}

InterpolationResult state_transition_interpolants(smt::TermManager& tm, const smt::SmtProof& proof,
                                                  std::span<const uint32_t> formula_of_assertion, uint32_t num_formulas,
                                                  const ItpOptions& options) {
    const std::vector<uint32_t> start = state_transition_shape(num_formulas);
    std::vector<uint32_t> node_of(formula_of_assertion.size(), kNoPartition);
    for (std::size_t id = 0; id < formula_of_assertion.size(); ++id)
        if (formula_of_assertion[id] != kNoPartition)
            node_of[id] = state_transition_node(formula_of_assertion[id], num_formulas);
    return tree_interpolants(tm, proof, node_of, start, options);
}

}  // namespace craig::itp
