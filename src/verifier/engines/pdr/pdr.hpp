// IC3/PDR over the large-block program (engine `pdr`): Bradley, "SAT-Based Model Checking
// without Unrolling", VMCAI 2011, per location as Spacer does for linear Horn clauses
// (Komuravelli, Gurfinkel, Chaki, CAV 2014), with craig's interpolants as a second
// generalization (Vizel and Gurfinkel, "Interpolating Property Directed Reachability", CAV 2014).
//
//   PdrEngine e(blocks, options, budget);        // blocks = large_block(plain)
//   Verdict v = e.run();
//
// The program is a linear CHC system over one state vocabulary (the variables' cur constants):
// a location is a predicate, a block L -> M a clause. Frames (frames.hpp) hold per location
// lemmas with levels; F_0 is "any state at entry". All queries go to ONE incremental solver
// holding every block's formula behind an activation literal and every lemma behind its
// level's and location's literals; a query for block e: L -> M at frame i assumes e's literal,
// L's literal and the literals of levels i..top, and the cube over e's post-state (next constants
// of the variables e writes, cur constants of the others, so no frame equalities).
//   Blocking  obligations (obligations.hpp) in level order; an obligation (M, c, i) is blocked
//             when no block into M leads from F_{i-1} into c; for a self-loop the query also
//             assumes ¬c (relative induction). Otherwise the model gives a predecessor cube by
//             model-based projection (mbp.hpp) of the block's aux and post-state constants;
//             a predecessor at the entry closes a path, which is replayed by a fresh solver for
//             the C operators (a FALSE is only returned for a path that replays). A blocked
//             obligation below the frontier is queued again one level up.
//   Generalize (generalize.cpp) mic: the query's assumption core, then literal dropping with
//             `down` (a counterexample to generalization at the same location is absorbed into
//             the cube, at most pdr-ctg times per literal, Bradley FMCAD'07 / Hassan et al.
//             FMCAD'13); itp: per incoming block the interpolant of (F_{i-1} ∧ block [∧ ¬c]) against
//             the cube's post-state copy, the lemma their disjunction, whose bounds lose every
//             monomial they can while the lemma still holds and excludes the cube (pdr-drop-
//             monomials: a Farkas interpolant x + k·y >= 0 becomes x >= 0 where that holds, which
//             stops the divergence through x + y/2, x + y/3, ...); both: both lemmas.
//   Push      after each frontier, every lemma at level i whose blocks from F_i keep it moves to
//             i+1; a level left without lemmas at every location means F_i = F_{i+1}: converged.
// Summaries: the frames are the may summaries (over-approximations of the states reachable in
// i blocks). Must summaries (Spacer's under-approximations of reached states, reused across the
// premises of a nonlinear clause) have nothing to reuse here: every obligation descends from the
// error through one predecessor each, so the first chain that reaches the entry is the whole
// counterexample and is replayed at once.
// TRUE: the converged frame per location (entry: true; error and truncated: false) as the
// certificate, which the gate checks with fresh solvers. FALSE: the replayed path with its inputs
// in execution order (encoding/block_path.hpp). UNKNOWN: the budget ("timeout at frame 7"), the
// frame bound (CommonSettings::bound), a reachable recursion bound, an undecided query, or a path
// that does not replay for the C operators.
#pragma once

#include <functional>
#include <iosfwd>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

#include "base/budget.hpp"
#include "itp/options.hpp"
#include "smt/solver.hpp"
#include "verifier/encoding/operator_refinement.hpp"
#include "verifier/engines/pdr/frames.hpp"
#include "verifier/engines/pdr/obligations.hpp"
#include "verifier/encoding/query_settings.hpp"
#include "verifier/program/program.hpp"
#include "verifier/verdict.hpp"

namespace craig::verifier::pdr {

enum class Generalize : std::uint8_t { Mic, Itp, Both };

struct PdrOptions : QuerySettings {
    itp::ItpOptions itp;
    Generalize generalize = Generalize::Itp;  // by measurement (docs/results/pdr-2026-12-03)
    unsigned ctg = 2;             // counterexamples to generalization absorbed per dropped literal (0: plain dropping)
    bool drop_monomials = true;   // simplify interpolant lemmas by dropping monomials of their bounds
    unsigned max_frames = 0;      // 0: no bound
};

struct PdrStats {
    std::size_t obligations = 0, lemmas = 0, itp_lemmas = 0, itp_failures = 0, pushes = 0, queries = 0,
                dropped_literals = 0, ctg_absorbed = 0, dropped_monomials = 0, predecessors = 0, by_value = 0, paths = 0,
                spurious_paths = 0, operator_instances = 0, push_skipped = 0;
    double mic_seconds = 0, itp_seconds = 0, projection_seconds = 0, push_seconds = 0;
};

class PdrEngine {
public:
    PdrEngine(const Program& blocks, const PdrOptions& options, base::Budget budget = {});
    ~PdrEngine();

    Verdict run(const std::function<void(const std::function<std::string()>&)>& progress = {});
    const Frames& frames() const { return frames_; }
    unsigned top() const { return top_; }
    void write_dot(std::ostream& out) const;

private:
    struct Blocked {
        smt::Result result = smt::Result::Unsat;
        std::vector<bool> core;  // Unsat: the cube literals some query needed
        EdgeId edge = 0;         // Sat: the block and its model
        std::optional<smt::Model> model;
        std::string why;         // Unknown
    };
    // Is `cube` at l unreachable in one block from F_{level-1}? (relative induction on self-loops)
    Blocked blocked(LocId l, std::span<const smt::Term> cube, unsigned level);
    // Does lemma i of l hold at level+1 from F_level?
    std::optional<bool> pushable(LocId l, const Lemma& lemma, unsigned level);
    // One query: block e from F_frame(src), with `post` assumed over e's post-state and `pre`
    // (invalid: none) over its pre-state. `core`: which of `post` an Unsat answer needed.
    smt::Result query(EdgeId e, unsigned frame, std::span<const smt::Term> post, smt::Term pre,
                      std::vector<bool>* core);
    smt::Term post_state(EdgeId e, smt::Term f);  // f over cur, renamed to e's post-state
    smt::Term level_literal(unsigned level);
    void add_lemma(LocId l, Lemma lemma);
    void assert_lemma(LocId l, smt::Term formula, unsigned level);
    // Blocks the bad location at the frontier. Sets verdict_ and returns false when it ends.
    bool block(LocId bad);
    std::vector<smt::Term> predecessor(EdgeId e, std::span<const smt::Term> cube, const smt::Model& m);
    // A path from the entry (edges in order) replayed; sets verdict_ when it ends the run.
    bool close_path(std::vector<EdgeId> path, LocId bad);
    // Push all levels; true (with the invariants in verdict_) when converged.
    std::optional<bool> push();
    // generalize.cpp
    std::vector<smt::Term> mic(LocId l, std::vector<smt::Term> cube, unsigned level);
    std::optional<smt::Term> interpolant_lemma(LocId l, std::span<const smt::Term> cube, unsigned level);
    smt::Term drop_monomials(LocId l, std::span<const smt::Term> cube, unsigned level, smt::Term lemma);
    // The lemma holds at l up to `level` (relative to itself on self-loops) and, with F_level(l),
    // excludes `cube`.
    std::optional<bool> valid_lemma(LocId l, std::span<const smt::Term> cube, unsigned level, smt::Term lemma);
    void generalize_and_add(LocId l, std::span<const smt::Term> cube, const std::vector<bool>& core, unsigned level);

    void report();  // a --progress status line (the sink decides how often it is printed)
    bool stop(const std::string& where);  // budget ended: verdict_ UNKNOWN
    Verdict finish(Verdict v) const;

    const Program& blocks_;
    smt::TermManager& tm_;
    PdrOptions o_;
    base::Budget budget_;
    Frames frames_;
    ObligationQueue queue_;
    std::unique_ptr<smt::Solver> solver_;
    // The C operators of every block: a Sat query is made exact for them (exact_check) before its
    // model makes an obligation; the instances are facts about C and stay asserted.
    OperatorRefinement operators_;
    std::string why_;  // the last Unknown query's reason (the solver's, or the refinement budget)
    mutable smt::SolverTimes times_;
    std::vector<smt::Term> edge_act_, loc_act_, level_act_;
    std::vector<std::unordered_map<smt::Term, smt::Term, smt::TermHash>> to_post_;  // per edge: cur -> post
    std::vector<std::unordered_map<smt::Term, smt::Term, smt::TermHash>> from_post_;
    std::vector<std::vector<smt::Term>> projected_;  // per edge: aux and next constants
    unsigned top_ = 0;
    // Strengthening epochs (push): epoch_ counts lemmas added or raised and operator instances
    // learnt; strengthened_[l] is the epoch of the last at l, instances_epoch_ of the last instance.
    std::uint64_t epoch_ = 1, instances_epoch_ = 0;
    std::vector<std::uint64_t> strengthened_;
    // A failed push of lemma (at l) is still failed: no frame it was checked from changed since.
    bool still_unpushable(LocId l, const Lemma& lemma) const;
    PdrStats stats_;
    Verdict verdict_;
    std::function<void(const std::function<std::string()>&)> progress_;
};

}  // namespace craig::verifier::pdr
