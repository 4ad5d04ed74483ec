#pragma once
// Resolution proofs at the SAT level: the data shared by the producer (drat_miner.hpp), the
// independent checker (proof_checker.hpp), proof reduction and, later, interpolation.
//
// InputClauses is the log of the clauses craig gave the SAT solver, in order: clause id i has
// its literals, a caller tag (partition of an assertion, or a lemma tag; SatSolver does not
// interpret it) and the offset in the DRAT byte stream at which it was added (CaDiCaL does not
// echo input clauses in its proof trace, so this offset is what orders them against it).
//
// ResolutionProof is a DAG in flat arrays. Node ids are a topological order: every antecedent
// of node n has an id below n. A node is
//   - a leaf: an input clause (its id in InputClauses and its tag), with the clause as given
//     (as a set: sorted, duplicates removed; never a tautology), or
//   - a chain: a first antecedent a0, then pairs (pivot variable p_i, antecedent a_i); its
//     clause is ((a0 ⊗_{p1} a1) ⊗_{p2} a2) ... where C ⊗_p D is binary resolution on variable
//     p, which must occur positively in one of C and D and negatively in the other.
// The root derives the empty clause, or under assumptions a subset of the clause of negated
// failed assumptions (resolution may find a stronger clause than the solver reported).
// Clauses are stored sorted by literal value with no duplicates.
#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

namespace craig::sat {

using Lit = int;

// A proof could not be produced (a DRAT step that is not RUP, an unsupported stream).
struct ProofError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

struct InputClauses {
    std::vector<Lit> lits;
    std::vector<uint32_t> begin{0};  // clause i is lits[begin[i] .. begin[i+1])
    std::vector<uint32_t> tags;
    std::vector<uint64_t> drat_offset;

    uint32_t size() const { return static_cast<uint32_t>(tags.size()); }
    std::span<const Lit> clause(uint32_t id) const { return {lits.data() + begin[id], lits.data() + begin[id + 1]}; }
    uint32_t add(std::span<const Lit> c, uint32_t tag, uint64_t offset) {
        lits.insert(lits.end(), c.begin(), c.end());
        begin.push_back(static_cast<uint32_t>(lits.size()));
        tags.push_back(tag);
        drat_offset.push_back(offset);
        return size() - 1;
    }
};

class ResolutionProof {
public:
    static constexpr uint32_t kNone = UINT32_MAX;

    uint32_t num_nodes() const { return static_cast<uint32_t>(clause_begin_.size() - 1); }
    uint32_t root() const { return root_; }
    void set_root(uint32_t n) { root_ = n; }

    bool is_leaf(uint32_t n) const { return input_[n] != kNone; }
    uint32_t input_id(uint32_t n) const { return input_[n]; }  // leaves only
    uint32_t tag(uint32_t n) const { return tag_[n]; }         // leaves only
    std::span<const Lit> clause(uint32_t n) const {
        return {lits_.data() + clause_begin_[n], lits_.data() + clause_begin_[n + 1]};
    }
    // Chains only: antecedent 0 is the first clause, pivot(n, i) for i >= 1 the variable that
    // antecedent i is resolved on.
    uint32_t num_antecedents(uint32_t n) const { return chain_begin_[n + 1] - chain_begin_[n]; }
    uint32_t antecedent(uint32_t n, uint32_t i) const { return antecedents_[chain_begin_[n] + i]; }
    uint32_t pivot(uint32_t n, uint32_t i) const { return pivots_[chain_begin_[n] + i]; }
    uint64_t num_resolutions() const { return antecedents_.size() - num_chains(); }
    uint32_t num_leaves() const { return num_nodes() - num_chains(); }
    uint32_t num_chains() const { return num_chains_; }

    // Builders; clause literals must be sorted and free of duplicates.
    uint32_t add_leaf(uint32_t input_id, uint32_t tag, std::span<const Lit> clause) {
        input_.push_back(input_id);
        tag_.push_back(tag);
        chain_begin_.push_back(chain_begin_.back());
        return push_clause(clause);
    }
    // antecedents[0] first, then antecedents[i] resolved on pivots[i] (pivots[0] is ignored).
    uint32_t add_chain(std::span<const uint32_t> antecedents, std::span<const uint32_t> pivots,
                       std::span<const Lit> clause) {
        input_.push_back(kNone);
        tag_.push_back(0);
        antecedents_.insert(antecedents_.end(), antecedents.begin(), antecedents.end());
        pivots_.push_back(0);
        pivots_.insert(pivots_.end(), pivots.begin() + 1, pivots.end());
        chain_begin_.push_back(static_cast<uint32_t>(antecedents_.size()));
        ++num_chains_;
        return push_clause(clause);
    }

    // Raw access, for tests that corrupt a proof on purpose and for tools that rewrite one.
    std::vector<Lit>& raw_lits() { return lits_; }
    std::vector<uint32_t>& raw_antecedents() { return antecedents_; }
    std::vector<uint32_t>& raw_pivots() { return pivots_; }
    uint32_t clause_offset(uint32_t n) const { return clause_begin_[n]; }
    uint32_t chain_offset(uint32_t n) const { return chain_begin_[n]; }

private:
    uint32_t push_clause(std::span<const Lit> clause) {
        lits_.insert(lits_.end(), clause.begin(), clause.end());
        clause_begin_.push_back(static_cast<uint32_t>(lits_.size()));
        return num_nodes() - 1;
    }

    std::vector<Lit> lits_;
    std::vector<uint32_t> clause_begin_{0};
    std::vector<uint32_t> input_;  // kNone for chains
    std::vector<uint32_t> tag_;
    std::vector<uint32_t> antecedents_;
    std::vector<uint32_t> pivots_;  // parallel to antecedents_; the first of each chain unused
    std::vector<uint32_t> chain_begin_{0};
    uint32_t num_chains_ = 0;
    uint32_t root_ = kNone;
};

// The nodes the root depends on, renumbered in the same order.
ResolutionProof prune_unreachable(const ResolutionProof& proof);

}  // namespace craig::sat
