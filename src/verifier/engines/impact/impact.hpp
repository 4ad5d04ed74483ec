// Lazy abstraction with interpolants (McMillan, CAV 2006): engine `impact`, over the
// large-block program.
//
//   ImpactOptions o;
//   ImpactEngine e(blocks, o, base::Budget::seconds(60));   // blocks = large_block(plain)
//   Verdict v = e.run();
// (`craig verify --engine impact` makes it through the registry, engine.hpp.)
//
// The unwinding (unwinding.hpp) is a tree of vertices with labels over the program
// variables' cur constants. The procedures of the paper:
//   Expand  children for every outgoing block of an uncovered leaf, labelled true;
//   Refine  for a vertex at the error (or truncated) location: path formulas of the
//           suffixes of 1, 2, 4, ... blocks of root..v, each starting from its first
//           vertex's label, one partition per block (SSA versions per vertex, made once by
//           instantiate; a variable a block does not write keeps its version, which is the
//           frame equality solved away). The first unsatisfiable suffix is interpolated;
//           the whole path satisfiable (exactly for the C operators,
//           operator_refinement.hpp) is a counterexample. Interpolants: sequence
//           interpolants (itp/interpolation.hpp, refinement solvers without integer cuts,
//           whose lemmas can be split by the cut), weakened (conjuncts the rest of the
//           path does not need are dropped), renamed back to cur constants, conjoined
//           into the labels of the suffix;
//   Cover   v by an earlier uncovered vertex w at the same location when label(v) ⊨
//           label(w), refuted by a kept model of label(v) or decided by a solver
//           (cached per pair of labels; a small branch budget, as an undecided check
//           is only a failed cover);
//   Close   tries Cover(v, w) for every earlier w; with forced covering (section 5 of the
//           paper) a failed Cover is retried by proving label(w) at v from the nearest
//           common ancestor's label and strengthening the path in between (a failed
//           attempt is not repeated while both labels stay the same, and its model
//           refutes later attempts at the same vertex where it fits);
//   DFS and the main loop of the paper until no uncovered leaf is left.
// Beyond the paper: at growing unwinding sizes, candidate invariants of the loop heads
// (affine hull and octagon-like ranges of sampled reachable states, label conjuncts) are
// checked by Houdini (houdini.hpp) and conjoined to every label of their location.
// Verdicts: FALSE with the plain path and its inputs in execution order; TRUE when the
// unwinding is complete and safe, with the per-location disjunctions of uncovered labels as
// certificate (McMillan CAV'06, Theorem 1), which the certification gate checks with fresh
// solvers (certify/certify.hpp); UNKNOWN when the truncated location (recursion bound) is
// reachable, interpolation cannot answer, a solver is undecided or the budget ends.
#pragma once

#include <chrono>
#include <deque>
#include <functional>
#include <iosfwd>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <unordered_map>
#include <utility>

#include "base/budget.hpp"
#include "itp/options.hpp"
#include "smt/model.hpp"
#include "smt/solver.hpp"
#include "verifier/encoding/block_path.hpp"
#include "verifier/encoding/path_encoding.hpp"
#include "verifier/program/program.hpp"
#include "verifier/engines/impact/unwinding.hpp"
#include "verifier/verdict.hpp"

namespace craig::verifier {

struct ImpactOptions {
    bool check_models = true;
    bool check_certificates = true;
    smt::SatIntegration sat_integration = smt::kDefaultSatIntegration;  // of the queries
    itp::ItpOptions itp;
    // Measured (SV-COMP, 30 s, before suffix refinement and candidate invariants): loop-lit
    // 13 TRUE with, 9 without; loop-invgen 14 with, 10 without.
    bool forced_covering = true;
    // Drop conjuncts of path interpolants that the rest of the path does not need (see
    // ImpactEngine::weaken). Measured: no verdict changed on loop-lit and loop-invgen (30 s),
    // slightly smaller unwindings on small two-loop programs, a few ms more per task.
    bool weaken_interpolants = true;
    // Candidate invariants (affine equalities of sampled reachable states and conjuncts of
    // labels at loop heads) confirmed by Houdini are conjoined to every label of their
    // location, once the unwinding reaches 40, 160, 640, ... vertices.
    bool invariant_candidates = true;
    // Vertices this many blocks deep are not expanded (0: no limit); TRUE is then impossible.
    unsigned max_depth = 0;
    // Rounds of operator refinement per satisfiability check.
    unsigned max_refinements = 100;
};

struct ImpactStats {
    std::size_t refinements = 0, refinement_queries = 0, covers = 0, forced_attempts = 0, forced_covers = 0;
    std::size_t refinements_without_cuts = 0;  // proofs with cuts that mixed partitions, solved again
    std::size_t forced_repeats = 0;            // forced covers not tried again: same query as a failed one
    std::size_t forced_refuted = 0;            // forced covers refuted by a model of an earlier attempt
    std::size_t implication_checks = 0, implication_hits = 0, implication_refuted = 0, operator_instances = 0,
                dropped_conjuncts = 0;
    std::size_t discoveries = 0, invariant_facts = 0, houdini_queries = 0;
    std::size_t subsumed_disjuncts = 0;  // invariant disjuncts implied by another one, dropped
    std::size_t interpolants = 0, interpolant_nodes = 0, max_interpolant_nodes = 0;
    double solve_seconds = 0, interpolation_seconds = 0, check_seconds = 0;
};

// The engine's state and procedures, public so that tests can drive single steps.
class ImpactEngine {
    struct TermPairHash {
        std::size_t operator()(const std::pair<smt::Term, smt::Term>& p) const {
            return smt::TermHash{}(p.first) * 0x9e3779b97f4a7c15ull ^ smt::TermHash{}(p.second);
        }
    };
    struct VertexPairHash {
        std::size_t operator()(const std::pair<VertexId, VertexId>& p) const {
            return (std::size_t{p.first} << 32) ^ p.second;
        }
    };

public:
    enum class RefineResult { Refined, Feasible, Unknown };

    ImpactEngine(const Program& blocks, const ImpactOptions& options, base::Budget budget = {});
    ~ImpactEngine();

    Unwinding& unwinding() { return unwinding_; }
    const ImpactStats& stats() const { return stats_; }

    // McMillan CAV'06 procedures (see above). refine: Feasible leaves the path's
    // counterexample in counterexample(), Unknown the reason in reason().
    void expand(VertexId v);
    RefineResult refine(VertexId v);
    bool cover(VertexId v, VertexId w);
    bool forced_cover(VertexId v, VertexId w);
    bool close(VertexId v);
    // Candidate invariants per loop head (see ImpactOptions::invariant_candidates),
    // checked by Houdini and conjoined to the labels of their location.
    void discover_invariants();
    // label(a) ⊨ label(b) over every interpretation of the C operators (so also for C).
    bool implies(smt::Term a, smt::Term b);

    // The whole algorithm (call once). `progress` hears of the search (--progress).
    Verdict run(const std::function<void(const std::function<std::string()>&)>& progress = {});
    // The certificate of a complete, safe unwinding: per location the disjunction of the
    // uncovered labels without the disjuncts another one implies, simplified.
    std::vector<smt::Term> invariants();
    // The unwinding as Graphviz (--dump-arg): vertices with location and shortened label,
    // tree edges solid, covering edges dashed.
    void write_dot(std::ostream& out) const;

    const Counterexample& counterexample() const { return cex_; }
    const std::string& reason() const { return reason_; }

private:
    // The block of vertex x instantiated once for all queries (encoding/path_encoding.hpp):
    // the node of the path root..x, made on first use with those of its ancestors.
    PathEncoding::NodeId node(VertexId x);
    struct PathQuery;
    PathQuery build_path(const std::vector<VertexId>& path);
    smt::Term label_at(VertexId x, const PathQuery& q, std::size_t k);
    std::optional<std::vector<smt::Term>> path_interpolants(smt::Solver& s, std::span<const std::uint32_t> part,
                                                            const PathQuery& q, smt::Term last, std::string* why);
    bool timed_out() const;
    // The options every solver of the search shares (self-checks, deadline, time tally).
    smt::SolverOptions search_options() const;
    // Interpolating solvers; `cuts`: Gomory cuts, whose lemmas may mix partitions.
    smt::SolverOptions refinement_options(bool cuts = false) const;
    // Renames an interpolant over the state at `k` to cur constants; invalid if it has
    // other symbols.
    smt::Term to_cur(const PathQuery& q, std::size_t k, smt::Term itp);
    std::vector<smt::Term> weaken(const PathQuery& q, std::vector<smt::Term> itps, smt::Term last);
    void strengthen_along(const std::vector<VertexId>& path, const std::vector<smt::Term>& itps,
                          std::vector<VertexId>& changed);
    Verdict finish(Verdict v) const;

    const Program& blocks_;
    const Program& plain_;
    ImpactOptions o_;
    base::Budget budget_;
    smt::TermManager& tm_;
    Unwinding unwinding_;
    std::unique_ptr<smt::Solver> implication_;
    ImpactStats stats_;
    // SAT and theory seconds of every solver of the search (mutable: const members hand out
    // solver options that point here).
    mutable smt::SolverTimes solver_times_;
    Counterexample cex_;
    std::string reason_;
    // Implications decided by the solver (labels are hash-consed, so a pair is a query).
    std::unordered_map<std::pair<smt::Term, smt::Term>, bool, TermPairHash> implied_;
    // Per label: models of it from Sat implication checks (the most recent few).
    std::unordered_map<smt::Term, std::vector<smt::Model>, smt::TermHash> witnesses_;
    // Failed forced covers (v, w) with label(nca(v, w)) and label(w) of that attempt: the
    // query depends only on these (the path between is fixed), so it fails again until
    // one of the labels changes.
    std::unordered_map<std::pair<VertexId, VertexId>, std::pair<smt::Term, smt::Term>, VertexPairHash> forced_failed_;
    // Per vertex v: models of failed forced covers at v, each with the start vertex of its
    // path (the model satisfies the blocks from there to v).
    struct ForcedWitness {
        VertexId start;
        smt::Model model;
    };
    std::unordered_map<VertexId, std::vector<ForcedWitness>> forced_witnesses_;
    std::vector<VertexId> depth_cut_;  // vertices left unexpanded at max_depth
    std::vector<smt::Term> facts_;     // by location: invariants every label there has
    std::size_t next_discovery_ = 40;  // unwinding size of the next discover_invariants
    PathEncoding encoding_;
    std::vector<PathEncoding::NodeId> node_of_;  // by vertex; kNoNode until first use
};

}  // namespace craig::verifier
