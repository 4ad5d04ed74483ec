#include "sat/proof_checker.hpp"

#include <algorithm>
#include <vector>

namespace craig::sat {
namespace {

using Clause = std::vector<Lit>;

// Literals ordered by value; a set is a sorted vector with no repeats.
Clause as_set(std::span<const Lit> lits) {
    Clause c(lits.begin(), lits.end());
    std::sort(c.begin(), c.end());
    c.erase(std::unique(c.begin(), c.end()), c.end());
    return c;
}

bool contains(std::span<const Lit> sorted, Lit l) { return std::binary_search(sorted.begin(), sorted.end(), l); }

// The resolvent of a chain as a membership table over literals (2·|l| + sign), with the list of
// literals ever entered so that reading and clearing it costs its size.
class Resolvent {
public:
    explicit Resolvent(uint32_t max_var) : member_(2 * (static_cast<size_t>(max_var) + 1), 0) {}

    bool has(Lit l) const { return member_[slot(l)]; }
    void add(Lit l) {
        if (!member_[slot(l)]) member_[slot(l)] = 1, entered_.push_back(l);
    }
    void remove(Lit l) { member_[slot(l)] = 0; }
    // The literals present, sorted; empties the table.
    Clause take() {
        Clause out;
        for (Lit l : entered_)
            if (member_[slot(l)]) member_[slot(l)] = 0, out.push_back(l);
        entered_.clear();
        std::sort(out.begin(), out.end());
        return out;
    }

private:
    static size_t slot(Lit l) {
        return l > 0 ? 2 * static_cast<size_t>(l) : 2 * static_cast<size_t>(-static_cast<int64_t>(l)) + 1;
    }
    std::vector<uint8_t> member_;
    std::vector<Lit> entered_;
};

ProofCheck fail(uint32_t node, std::string why) {
    return ProofCheck{false, node, "node " + std::to_string(node) + ": " + why};
}

}  // namespace

ProofCheck check_resolution_proof(const ResolutionProof& proof, const InputClauses& inputs,
                                  std::span<const Lit> root_clause) {
    const uint32_t n = proof.num_nodes();
    if (proof.root() >= n) return ProofCheck{false, proof.root(), "the root is not a node"};
    uint32_t max_var = 0;
    for (uint32_t node = 0; node < n; ++node)
        for (Lit l : proof.clause(node)) {
            if (l == 0 || l == INT32_MIN) return fail(node, "literal 0");
            max_var = std::max(max_var, static_cast<uint32_t>(l < 0 ? -l : l));
        }
    Resolvent resolvent(max_var);
    for (uint32_t node = 0; node < n; ++node) {
        auto clause = proof.clause(node);
        if (!std::is_sorted(clause.begin(), clause.end()) ||
            std::adjacent_find(clause.begin(), clause.end()) != clause.end())
            return fail(node, "clause not sorted or with repeated literals");
        for (Lit l : clause)
            if (l > 0 && contains(clause, -l)) return fail(node, "tautological clause");
        if (proof.is_leaf(node)) {
            uint32_t id = proof.input_id(node);
            if (id >= inputs.size()) return fail(node, "leaf names no input clause");
            if (proof.tag(node) != inputs.tags[id]) return fail(node, "leaf tag differs from input");
            Clause input = as_set(inputs.clause(id));
            if (!std::equal(input.begin(), input.end(), clause.begin(), clause.end()))
                return fail(node, "leaf clause differs from input clause " + std::to_string(id));
            continue;
        }
        uint32_t k = proof.num_antecedents(node);
        if (k < 2) return fail(node, "chain with fewer than two antecedents");
        for (uint32_t i = 0; i < k; ++i)
            if (proof.antecedent(node, i) >= node) return fail(node, "antecedent not below the node");
        // Antecedents are below the node, so their clauses were checked to be sorted sets.
        for (Lit l : proof.clause(proof.antecedent(node, 0))) resolvent.add(l);
        for (uint32_t i = 1; i < k; ++i) {
            uint32_t v = proof.pivot(node, i);
            auto side = proof.clause(proof.antecedent(node, i));
            if (v == 0 || v > max_var) {
                resolvent.take();
                return fail(node, "step " + std::to_string(i) + ": pivot on a variable of no clause");
            }
            Lit p = static_cast<Lit>(v);
            bool r_pos = resolvent.has(p), r_neg = resolvent.has(-p);
            bool s_pos = contains(side, p), s_neg = contains(side, -p);
            if (r_pos + r_neg != 1 || s_pos + s_neg != 1 || r_pos == s_pos) {
                resolvent.take();
                return fail(node, "step " + std::to_string(i) + ": pivot " + std::to_string(v) +
                                      " does not occur with opposite signs");
            }
            Lit gone = r_pos ? p : -p;
            resolvent.remove(gone);
            for (Lit l : side)
                if (l != -gone) resolvent.add(l);
        }
        Clause result = resolvent.take();
        if (!std::equal(result.begin(), result.end(), clause.begin(), clause.end()))
            return fail(node, "resolvent differs from the node's clause");
    }
    Clause target = as_set(root_clause);
    for (Lit l : proof.clause(proof.root()))
        if (!contains(target, l)) return fail(proof.root(), "root clause is not a subset of the expected clause");
    return ProofCheck{};
}

}  // namespace craig::sat
