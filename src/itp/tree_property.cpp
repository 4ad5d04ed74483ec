// Establishing the tree interpolation conditions (tree_property.hpp).
#include "itp/tree_property.hpp"

#include <optional>

#include "itp/proof_interpolator.hpp"
#include "smt/solver.hpp"

namespace craig::itp {

using smt::Term;

namespace {

// Decides the conjunction with a fresh solver (no proofs): Unknown on unsupported input.
smt::Result decide(smt::TermManager& tm, std::span<const Term> conjuncts, std::string* why) {
    try {
        smt::Solver s(tm);
        for (Term t : conjuncts) s.assert_formula(t);
        smt::Result r = s.check();
        if (r == smt::Result::Unknown && why) *why = s.reason_unknown();
        return r;
    } catch (const std::exception& e) {
        if (why) *why = e.what();
        return smt::Result::Unknown;
    }
}

// The binary interpolant of a_part against b_parts, from a fresh solver's proof.
std::optional<Term> binary_of(smt::TermManager& tm, Term a_part, std::span<const Term> b_parts,
                              const ItpOptions& options, std::string* why) {
    smt::SolverOptions so;
    so.produce_proofs = true;
    smt::Solver s(tm, so);
    try {
        s.assert_formula(a_part);
        for (Term b : b_parts) s.assert_formula(b);
        smt::Result r = s.check();
        if (r != smt::Result::Unsat) {
            *why = r == smt::Result::Sat ? "the repair query is satisfiable"
                                         : "the repair query is unknown: " + s.reason_unknown();
            return std::nullopt;
        }
        smt::SmtProof proof = s.proof();
        std::vector<uint32_t> partition(1 + b_parts.size(), 1);
        partition[0] = 0;
        ProofInterpolator pi(tm, proof, partition, 2);
        const uint8_t in_a[2] = {1, 0};
        ProofInterpolator::Cut cut = pi.interpolate(in_a, options);
        if (!cut.interpolant) *why = cut.why;
        return cut.interpolant;
    } catch (const std::exception& e) {
        *why = e.what();
        return std::nullopt;
    }
}

}  // namespace

// Establishes the tree conditions in post-order (header comment), keeping the proof's
// interpolant of a node when it passes and recomputing it otherwise. The frontier after node k
// is the set of roots of the finished subtrees; the invariant
//     (∧_{f in frontier} I_f) ∧ (∧_{j > k} A_j) is unsat
// holds at the start (all formulas) and is kept by every node: node k keeps I_k only when
//   (1) (∧_{children c} I_c) ∧ A_k ⊨ I_k                                   (local condition)
//   (2) I_k ∧ (∧_{f in frontier, f not a child of k} I_f) ∧ (∧_{j > k} A_j) is unsat,
// else I_k becomes the binary interpolant of the two sides of (2) with (∧ I_c) ∧ A_k for I_k,
// which exists by the invariant. At the root the invariant is the root's condition. For a
// sequence the frontier holds only the child, so (2) is the binary property and is not asked.
// Returns an empty string on success, else why not (an unknown query or a failed repair).
std::string establish_tree_property(smt::TermManager& tm, const std::vector<uint32_t>& parent,
                                    const std::vector<Term>& formulas, std::vector<Term>& itps,
                                    const ItpOptions& options, InterpolationStats& stats) {
    const uint32_t n = static_cast<uint32_t>(parent.size());
    std::vector<std::vector<uint32_t>> children(n);
    for (uint32_t i = 0; i + 1 < n; ++i) children[parent[i]].push_back(i);
    std::vector<uint8_t> in_frontier(n, 0);
    std::vector<Term> a_side, b_side, q;
    std::string why;
    auto holds = [&](std::span<const Term> conjuncts, uint32_t node, bool& ok) {
        ++stats.local_checks;
        smt::Result r = decide(tm, conjuncts, &why);
        if (r == smt::Result::Unknown) {
            why = "tree condition of node " + std::to_string(node) + " is unknown: " + why;
            return false;
        }
        ok = r == smt::Result::Unsat;
        return true;
    };
    for (uint32_t k = 0; k + 1 < n; ++k) {
        a_side.clear();
        for (uint32_t c : children[k]) {
            a_side.push_back(itps[c]);
            in_frontier[c] = 0;
        }
        a_side.push_back(formulas[k]);
        b_side.clear();
        bool other_subtrees = false;
        for (uint32_t f = 0; f < k; ++f)
            if (in_frontier[f]) {
                b_side.push_back(itps[f]);
                other_subtrees = true;
            }
        for (uint32_t j = k + 1; j < n; ++j) b_side.push_back(formulas[j]);

        bool ok = true;
        q = a_side;
        q.push_back(tm.mk_not(itps[k]));
        if (!holds(q, k, ok)) return why;
        if (ok && other_subtrees) {
            q = b_side;
            q.push_back(itps[k]);
            if (!holds(q, k, ok)) return why;
        }
        if (!ok) {
            std::optional<Term> fixed = binary_of(tm, tm.mk_and(a_side), b_side, options, &why);
            if (!fixed) return "tree condition fails at node " + std::to_string(k) + " and the repair failed: " + why;
            itps[k] = *fixed;
            ++stats.repaired_nodes;
        }
        in_frontier[k] = 1;
    }
    return {};
}

}  // namespace craig::itp
