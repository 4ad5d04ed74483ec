#include "sat/resolution_proof.hpp"

namespace craig::sat {

ResolutionProof prune_unreachable(const ResolutionProof& proof) {
    ResolutionProof out;
    if (proof.root() == ResolutionProof::kNone) return out;
    std::vector<uint8_t> used(proof.num_nodes(), 0);
    used[proof.root()] = 1;
    for (uint32_t n = proof.root() + 1; n-- > 0;) {
        if (!used[n] || proof.is_leaf(n)) continue;
        for (uint32_t i = 0; i < proof.num_antecedents(n); ++i) used[proof.antecedent(n, i)] = 1;
    }
    std::vector<uint32_t> renumber(proof.num_nodes(), ResolutionProof::kNone);
    std::vector<uint32_t> antecedents, pivots;
    for (uint32_t n = 0; n <= proof.root(); ++n) {
        if (!used[n]) continue;
        if (proof.is_leaf(n)) {
            renumber[n] = out.add_leaf(proof.input_id(n), proof.tag(n), proof.clause(n));
            continue;
        }
        antecedents.clear();
        pivots.clear();
        for (uint32_t i = 0; i < proof.num_antecedents(n); ++i) {
            antecedents.push_back(renumber[proof.antecedent(n, i)]);
            pivots.push_back(proof.pivot(n, i));
        }
        renumber[n] = out.add_chain(antecedents, pivots, proof.clause(n));
    }
    out.set_root(renumber[proof.root()]);
    return out;
}

}  // namespace craig::sat
