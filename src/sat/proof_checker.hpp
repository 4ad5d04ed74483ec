#pragma once
// Independent checker for ResolutionProof. It shares nothing with the producer (drat_miner.cpp)
// but the data types: clauses are re-derived from scratch with plain sorted-vector resolution.
//
// Accepted proofs satisfy:
//   - node ids are topological (every antecedent of n is below n), the root is a node;
//   - every clause is sorted, without duplicate literals or complementary pairs;
//   - a leaf names an input clause and carries its tag, and its clause is that input clause as a
//     set; tautological input clauses are never leaves;
//   - a chain has at least two antecedents; at each step the pivot variable occurs with one sign
//     in the resolvent so far and with the other sign in the antecedent, and nowhere else in
//     either; the final resolvent equals the node's clause as a set;
//   - the root's clause is a subset of root_clause (the empty clause without assumptions).
// Cost: linear in the size of the proof (every antecedent clause is read once per use).
#include <cstdint>
#include <span>
#include <string>

#include "sat/resolution_proof.hpp"

namespace craig::sat {

struct ProofCheck {
    bool ok = true;
    uint32_t node = ResolutionProof::kNone;  // the first bad node, if any
    std::string error;
    explicit operator bool() const { return ok; }
};

ProofCheck check_resolution_proof(const ResolutionProof& proof, const InputClauses& inputs,
                                  std::span<const Lit> root_clause);

}  // namespace craig::sat
