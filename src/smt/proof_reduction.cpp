#include "smt/proof_reduction.hpp"

#include <unordered_map>

namespace craig::smt {

SmtProof reduce_smt_proof(const SmtProof& proof, sat::ReductionStats* stats) {
    SmtProof out = proof;  // certificates, maps and assumptions stay as they are
    if (proof.complementary || proof.resolution.num_nodes() == 0) {
        if (stats) *stats = {};
        return out;
    }
    out.resolution = sat::reduce_proof(proof.resolution, {}, stats);
    // Leaves of both proofs are input clauses: an input id names one LeafInfo.
    std::unordered_map<uint32_t, const LeafInfo*> by_input;
    for (uint32_t n = 0; n < proof.resolution.num_nodes(); ++n)
        if (proof.resolution.is_leaf(n)) by_input.emplace(proof.resolution.input_id(n), &proof.leaves[n]);
    out.leaves.assign(out.resolution.num_nodes(), LeafInfo{});
    for (uint32_t n = 0; n < out.resolution.num_nodes(); ++n)
        if (out.resolution.is_leaf(n)) out.leaves[n] = *by_input.at(out.resolution.input_id(n));
    return out;
}

}  // namespace craig::smt
