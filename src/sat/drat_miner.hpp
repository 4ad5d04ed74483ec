#pragma once
// Mining a resolution proof from CaDiCaL's binary DRAT trace.
//
// DRAT records which clauses the solver derived (each must be RUP: unit propagation on its
// negation over the clauses alive at that point reaches a conflict) and which it deleted, but
// not how. mine_drat re-finds the "how" the way drat-trim does backward checking (Wetzler,
// Heule, Hunt, SAT 2014): a forward pass builds the clause database with deletions, then a
// backward pass starts from the root (the empty clause or the clause of negated failed
// assumptions), and for every lemma that a check used runs unit propagation on its negation
// over the clauses alive when it was added, core first (clauses already in the proof are
// preferred, so the proof stays small). The implication graph of each conflict, read in reverse
// trail order, is a resolution chain. Lemmas no check used are dropped. A final forward pass
// recomputes each chain's clause: a RUP derivation may prove a subset of the lemma, and chains
// that used the lemma are then shortened (a step whose pivot is gone is skipped; an antecedent
// that lost the pivot replaces the resolvent so far).
//
// Clauses are identified by content (sorted, no duplicate literals): a clause the trace adds
// again after deleting it, or adds while a copy is alive, keeps its first derivation; a deletion
// removes one copy; deleting a clause that is not alive is ignored (counted in the statistics).
// Input clauses come from InputClauses at their trace offsets; an input clause added twice keeps
// its first id and tag. Tautological input clauses are left out.
//
// Complexity: each checked lemma costs one propagation from scratch (alive units included), so
// mining is O(core lemmas × propagation) in time and O(trace) in memory; the hot loop does not
// allocate (watch lists only grow). DratMiner keeps the work of earlier proofs of a session.
#include <cstdint>
#include <memory>
#include <span>

#include "sat/resolution_proof.hpp"

namespace craig::sat {

struct MinerStats {
    // The trace so far (a DratMiner's session):
    uint64_t trace_bytes = 0;
    uint64_t inputs = 0;             // input clauses (with the trace's own additions below)
    uint64_t additions = 0;          // 'a' records
    uint64_t deletions = 0;          // 'd' records
    uint64_t ignored_deletions = 0;  // of clauses that were not alive
    uint64_t readded = 0;            // additions of a clause that existed before
    // This proof:
    uint64_t resurrected = 0;   // clauses used after their deletion (see drat_miner.cpp)
    uint64_t checked = 0;       // RUP checks (core lemmas and the root)
    uint64_t propagations = 0;  // literals propagated in all checks
    uint64_t core_inputs = 0;   // leaves of the proof
    uint64_t core_lemmas = 0;   // chains of the proof (after shortening)
    uint64_t resolutions = 0;
    double parse_seconds = 0;
    double check_seconds = 0;
    double build_seconds = 0;
};

// Mines the proofs of one solver session. Each call's trace and input log must extend those of
// the previous call (SatSolver's, which only grow). Chains of lemmas that an earlier proof
// needed are reused, so a later proof parses only the new part of the trace and checks only
// lemmas no earlier proof needed. After a ProofError the miner starts afresh.
class DratMiner {
public:
    DratMiner();
    ~DratMiner();
    DratMiner(const DratMiner&) = delete;
    DratMiner& operator=(const DratMiner&) = delete;

    // Throws ProofError when the trace is malformed or a used lemma (or the root) is not RUP.
    // root_clause need not be sorted; if it contains l and -l, the other literals are tried.
    ResolutionProof mine(std::span<const uint8_t> trace, const InputClauses& inputs, std::span<const Lit> root_clause,
                         MinerStats* stats = nullptr);

private:
    class Miner;
    std::unique_ptr<Miner> miner_;
};

// One proof from a whole trace (a fresh DratMiner).
ResolutionProof mine_drat(std::span<const uint8_t> trace, const InputClauses& inputs, std::span<const Lit> root_clause,
                          MinerStats* stats = nullptr);

}  // namespace craig::sat
