// Binary, sequence and tree interpolants from one SmtProof (interpolation.hpp).
//
// Every non-root node i is one cut of the same proof: A = the partitions of i's subtree
// (start[i]..i), B = the rest, interpolated by ProofInterpolator (labeled interpolation).
//
// The local conditions (∧ I_c) ∧ A_i ⊨ I_i do not follow from the binary ones in general.
// Gurfinkel, Rollini, Sharygina ("Interpolation Properties and SAT-based Model Checking",
// ATVA 2013) study which labeled systems keep them when every cut is computed from one
// propositional proof. craig trusts the property only for McMillan and Pudlák on proofs whose
// used leaves are all clauses of partitions. Everything else is verified: McMillan′ (the
// randomized tests, tests/unit/itp/test_itp_random.cpp, find propositional trees where its
// cut interpolants violate the root condition; sequences never failed), and proofs with valid
// leaves (theory lemmas, lemma definitions), whose leaf interpolants depend on the cut in ways
// that result does not cover. Asadi, Blicha, Hyvärinen, Fedyukovich, Sharygina
// ("Farkas-Based Tree Interpolation", SAS 2020) show that dual Farkas loses the property, and
// the tests see it with every Bool system on LRA trees (Farkas with McMillan or Pudlák never
// failed there). Over 3000 random problems with 2-4 partitions the trusted cases passed the
// independent checker every time. establish_tree_property (tree_property.hpp) checks every
// node in post-order and recomputes a failed one from a fresh solver's proof; a condition that
// cannot be established (an unknown answer, a failed repair) makes the result unknown.
#include "itp/interpolation.hpp"

#include <chrono>
#include <stdexcept>

#include "base/stopwatch.hpp"
#include "itp/proof_interpolator.hpp"
#include "itp/tree_property.hpp"

namespace craig::itp {

std::vector<uint32_t> tree_parents(std::span<const uint32_t> start) {
    const uint32_t n = static_cast<uint32_t>(start.size());
    if (n == 0) throw std::invalid_argument("tree shape with no node");
    if (start[n - 1] != 0) throw std::invalid_argument("the root's subtree must start at node 0");
    std::vector<uint32_t> parent(n, kNoPartition);
    for (uint32_t i = 0; i < n; ++i) {
        if (start[i] > i)
            throw std::invalid_argument("start[" + std::to_string(i) + "] is after node " + std::to_string(i));
        // The children of i are i-1, then the node before the first child's subtree, and so on;
        // their subtrees must tile start[i]..i-1 exactly.
        int64_t j = static_cast<int64_t>(i) - 1;
        while (j >= static_cast<int64_t>(start[i])) {
            if (start[j] < start[i] || parent[j] != kNoPartition)
                throw std::invalid_argument("start is not a post-order tree shape (node " + std::to_string(j) + ")");
            parent[j] = i;
            j = static_cast<int64_t>(start[j]) - 1;
        }
    }
    for (uint32_t i = 0; i + 1 < n; ++i)
        if (parent[i] == kNoPartition) throw std::invalid_argument("node " + std::to_string(i) + " has no parent");
    return parent;
}

namespace {

// The cuts of the tree (all, or the wanted ones) into res.interpolants; false with
// res.unknown_reason set when one cannot be interpolated.
bool cuts(ProofInterpolator& pi, std::span<const uint32_t> start, const ItpOptions& options,
          std::span<const uint8_t> wanted, InterpolationResult& res) {
    const uint32_t n = static_cast<uint32_t>(start.size());
    std::vector<Term> itps(n - 1);
    std::vector<uint8_t> in_a(n, 0);
    for (uint32_t i = 0; i + 1 < n; ++i) {
        if (!wanted.empty() && !wanted[i]) continue;
        if (options.deadline && std::chrono::steady_clock::now() >= *options.deadline) {
            res.unknown_reason = "timeout";
            return false;
        }
        for (uint32_t p = 0; p < n; ++p) in_a[p] = start[i] <= p && p <= i;
        ProofInterpolator::Cut cut = pi.interpolate(in_a, options);
        res.stats.theory_leaves += cut.theory_leaves;
        if (!cut.interpolant) {
            res.unknown_reason = "cut " + std::to_string(i) + " (partitions " + std::to_string(start[i]) + ".." +
                                 std::to_string(i) + " | rest): " + cut.why;
            return false;
        }
        itps[i] = *cut.interpolant;
    }
    res.interpolants = std::move(itps);
    return true;
}

}  // namespace

InterpolationResult cut_interpolants(smt::TermManager& tm, const smt::SmtProof& proof,
                                     std::span<const uint32_t> partition_of_assertion, std::span<const uint32_t> start,
                                     const ItpOptions& options, std::span<const uint8_t> wanted) {
    const auto t0 = std::chrono::steady_clock::now();
    InterpolationResult res;
    (void)tree_parents(start);  // checks the shape
    ProofInterpolator pi(tm, proof, partition_of_assertion, static_cast<uint32_t>(start.size()));
    res.stats.proof_nodes = pi.used_nodes();
    if (!pi.unsupported().empty()) {
        res.unknown_reason = pi.unsupported();
    } else if (!cuts(pi, start, options, wanted, res)) {
        res.interpolants.clear();
    }
    res.stats.seconds = base::seconds_since(t0);
    return res;
}

InterpolationResult tree_interpolants(smt::TermManager& tm, const smt::SmtProof& proof,
                                      std::span<const uint32_t> partition_of_assertion, std::span<const uint32_t> start,
                                      const ItpOptions& options) {
    const auto t0 = std::chrono::steady_clock::now();
    InterpolationResult res;
    const std::vector<uint32_t> parent = tree_parents(start);
    const uint32_t n = static_cast<uint32_t>(start.size());
    ProofInterpolator pi(tm, proof, partition_of_assertion, n);
    res.stats.proof_nodes = pi.used_nodes();
    auto fail = [&](std::string why) {
        res.interpolants.clear();
        res.unknown_reason = std::move(why);
        res.stats.seconds = base::seconds_since(t0);
        return res;
    };
    if (!pi.unsupported().empty()) return fail(pi.unsupported());
    if (!cuts(pi, start, options, {}, res)) return fail(res.unknown_reason);
    std::vector<Term> itps = std::move(res.interpolants);
    // The tree property is known for McMillan and Pudlák only; the proof-sensitive labels change
    // from cut to cut (proof_interpolator.hpp).
    const bool tip_known =
        pi.purely_partitioned() && (options.boolean == BoolSystem::McMillan || options.boolean == BoolSystem::Pudlak);
    if (n > 2 && !tip_known) {
        std::string why = establish_tree_property(tm, parent, pi.partition_formulas(), itps, options, res.stats);
        if (!why.empty()) return fail(why);
    }
    res.interpolants = std::move(itps);
    res.stats.seconds = base::seconds_since(t0);
    return res;
}

InterpolationResult sequence_interpolants(smt::TermManager& tm, const smt::SmtProof& proof,
                                          std::span<const uint32_t> partition_of_assertion, uint32_t num_partitions,
                                          const ItpOptions& options) {
    std::vector<uint32_t> start(num_partitions, 0);
    return tree_interpolants(tm, proof, partition_of_assertion, start, options);
}

InterpolationResult binary_interpolant(smt::TermManager& tm, const smt::SmtProof& proof,
                                       std::span<const uint32_t> partition_of_assertion, const ItpOptions& options) {
    // Partition 0 is A; anything else (other numbers, kNoPartition, no entry) is B.
    std::vector<uint32_t> two(partition_of_assertion.size());
    for (size_t i = 0; i < two.size(); ++i) two[i] = partition_of_assertion[i] == 0 ? 0 : 1;
    const uint32_t start[2] = {0, 0};
    return tree_interpolants(tm, proof, two, start, options);
}

}  // namespace craig::itp
