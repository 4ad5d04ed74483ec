// The auxiliary invariants of engine kind (Beyer, Dangl, Wendler, "Boosting k-Induction with
// Continuously-Refined Invariants", CAV 2015: k-induction strengthened by invariants that a
// separate analysis proves): candidate facts from one or both sources below, of which Houdini
// (houdini.hpp) keeps the largest inductive subset. Only that subset is ever handed out, so
// every map returned is an inductive invariant map (initiation and consecution; safety only
// where the candidate `false` at a bad location survived).
//   candidates  sampled reachable states per location (the base case's unrolling is sampled
//               by the engine, add_samples) made into invariant_candidates.hpp's templates;
//   pdr         the lemmas of every frame of a bounded run of engine pdr (pdr/pdr.hpp), which
//               hold up to their level, are candidates for all levels. A pdr run that converges
//               or finds a replayed path ends the search: its verdict is taken as it is.
// The bad locations (error, truncated) get the candidate `false` each time.
#pragma once

#include <optional>
#include <span>
#include <vector>

#include "base/budget.hpp"
#include "smt/solver.hpp"
#include "verifier/invariants/invariant_candidates.hpp"
#include "verifier/engines/pdr/pdr.hpp"
#include "verifier/program/program.hpp"
#include "verifier/verdict.hpp"

namespace craig::verifier::kind {

enum class InvariantSource : std::uint8_t { None, Candidates, Pdr, Both };

struct AuxiliaryStats {
    std::size_t samples = 0, candidates = 0, houdini_queries = 0, pdr_lemmas = 0, rounds = 0;
};

class AuxiliaryInvariants {
public:
    AuxiliaryInvariants(const Program& blocks, InvariantSource source, const smt::SolverOptions& houdini_options);

    bool samples_wanted() const;
    // Samples states at step `state` of an unrolling in `s` at the locations whose reach flag
    // (reach[l], invalid: not reachable at this step) holds.
    void add_samples(smt::Solver& s, std::span<const smt::Term> state, std::span<const smt::Term> reach);
    // The largest inductive subset of the candidates so far (and, once, of a pdr run of
    // `pdr_budget`); per location the kept facts as one formula (true: none). Sets `ended` to
    // pdr's verdict when that run answered TRUE or FALSE.
    std::vector<smt::Term> generate(const pdr::PdrOptions& pdr_options, const base::Budget& pdr_budget,
                                    std::optional<Verdict>& ended);
    const AuxiliaryStats& stats() const { return stats_; }

private:
    const Program& blocks_;
    smt::TermManager& tm_;
    InvariantSource source_;
    smt::SolverOptions so_;
    std::vector<VarId> arith_;
    std::vector<ProgramBound> program_bounds_;
    std::vector<StateSamples> samples_;               // per location
    std::vector<std::vector<smt::Term>> pdr_lemmas_;  // per location, from the one pdr run
    bool pdr_ran_ = false;
    AuxiliaryStats stats_;
};

}  // namespace craig::verifier::kind
