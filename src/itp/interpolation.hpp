#pragma once
// Proof-based interpolation: binary, sequence and tree interpolants from one SmtProof.
//
// The solver must have answered unsat with produce_proofs on; the proof's leaves are colored by
// the partition of the assertion they come from (Assertion and Definition leaves through their
// tag, the assertion id) and theory lemmas are valid clauses interpolated by theory_interpolants.
// Activation literals (scopes, trackers) are true by assumption and are dropped from every clause.
//
// Partitions: `partition_of_assertion[id]` is the partition (0..n-1) of the active assertion with
// that id; an active assertion with no entry or kNoPartition belongs to the root partition n-1.
// Shape (JavaSMT's getTreeInterpolants): partitions are the nodes of a tree in post-order, and
// start[i] is the smallest node of the subtree of node i (start[i] == i for a leaf; the root is
// n-1 with start 0). A sequence A_0 .. A_{n-1} is the tree with start[i] = 0 for all i.
//
// Result: interpolants[i] for every node i < n-1 such that
//   (∧_{children c of i} I_c) ∧ A_i ⊨ I_i, and (∧_{children c of root} I_c) ∧ A_root ⊨ false,
//   each I_i over the symbols shared by the subtree of i and the rest.
// (For a sequence: I_{i-1} ∧ A_i ⊨ I_i; binary (A | B): one interpolant.)
// When the proof has something the chosen systems cannot interpolate soundly (AB-mixed atoms,
// integer cuts split across the cut, a theory conflict shape not handled), the result has no
// interpolants and says why: never an unchecked formula. Check results with interpolant_check.hpp.
//
// Trees and sequences of more than two partitions: every cut comes from the same proof; where
// the local conditions are not known to follow from that (interpolation.cpp: McMillan′, the
// proof-sensitive systems, and proofs with theory or lemma-definition leaves) each node is checked with a fresh smt::Solver
// on `tm`, and a failed node is recomputed from a fresh solver's proof (stats count both).
// Cost: linear in the proof per cut, plus those queries. Throws std::invalid_argument for a
// `start` that is no post-order tree or a partition number >= the number of partitions.
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "itp/options.hpp"
#include "smt/proof.hpp"
#include "smt/terms/term.hpp"

namespace craig::itp {

inline constexpr uint32_t kNoPartition = UINT32_MAX;

struct InterpolationStats {
    uint64_t proof_nodes = 0;
    uint64_t theory_leaves = 0;  // theory lemmas that needed a theory interpolant (split by the cut)
    // Trees and sequences of more than two partitions: local conditions verified with a solver
    // (when the proof is not purely propositional, see interpolation.cpp) and nodes whose
    // interpolant was recomputed because its condition failed.
    uint64_t local_checks = 0;
    uint64_t repaired_nodes = 0;
    double seconds = 0;
};

struct InterpolationResult {
    std::vector<smt::Term> interpolants;  // empty when !ok()
    std::string unknown_reason;           // set when the proof could not be interpolated
    InterpolationStats stats;
    bool ok() const { return unknown_reason.empty(); }
};

InterpolationResult tree_interpolants(smt::TermManager& tm, const smt::SmtProof& proof,
                                      std::span<const uint32_t> partition_of_assertion, std::span<const uint32_t> start,
                                      const ItpOptions& options);
// The cuts of a tree shape alone: interpolants[i] for A = the partitions of i's subtree, B = the
// rest, each a binary interpolant of the one proof, with no claim about the local conditions
// (no solver is asked). Only the nodes with wanted[i] set are computed (all when `wanted` is
// empty); the others are left invalid. For users that need each cut to over-approximate its
// subtree and nothing more (function summaries, verifier/engines/summaries/).
InterpolationResult cut_interpolants(smt::TermManager& tm, const smt::SmtProof& proof,
                                     std::span<const uint32_t> partition_of_assertion, std::span<const uint32_t> start,
                                     const ItpOptions& options, std::span<const uint8_t> wanted = {});
// n partitions A_0..A_{n-1}: n-1 interpolants.
InterpolationResult sequence_interpolants(smt::TermManager& tm, const smt::SmtProof& proof,
                                          std::span<const uint32_t> partition_of_assertion, uint32_t num_partitions,
                                          const ItpOptions& options);
// A = the assertions with partition 0, B = the rest: one interpolant.
InterpolationResult binary_interpolant(smt::TermManager& tm, const smt::SmtProof& proof,
                                       std::span<const uint32_t> partition_of_assertion, const ItpOptions& options);

// The parent of every node of a tree shape (kNoPartition for the root); throws
// std::invalid_argument when `start` is not a post-order shape.
std::vector<uint32_t> tree_parents(std::span<const uint32_t> start);

}  // namespace craig::itp
