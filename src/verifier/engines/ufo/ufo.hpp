// UFO (Albarghouthi, Gurfinkel, Chechik, TACAS 2012; Albarghouthi's thesis, Ch. 4): an
// abstract reachability graph that is a DAG over the large-block program, unrolled along a
// weak topological order and refined by DAG interpolants over all its paths at once.
//
//   UfoOptions o;                                   // o.post = UfoPost::True: IUFO
//   UfoEngine e(blocks, o, base::Budget::seconds(60));
//   Verdict v = e.run();
// (`craig verify --engine ufo|cpufo|bpufo|cp|bp` makes it through the registry, engine.hpp.)
//
// The ARG: nodes (a location, a label over the cur constants) and arcs labelled by blocks.
// Each traversal (EXPANDARG, thesis Alg. 2) walks the WTO (program/wto.hpp) from the root with
// one pending "future node" per location (so paths that meet share a node: a DAG, not a
// tree): a node is labelled (marked: the join over its parents of POST; bound by the last
// refinement: that label; otherwise unchanged), a head of a component is covered when its
// label implies the disjunction of the labels of the active heads of the current unrolling
// of its loop (the walk then leaves the loop), and an uncovered node gets its children (its
// old ones, or new future nodes). Nodes labelled false are not expanded. Locations that
// cannot reach the error (or truncated) location are not unrolled (their invariant is true).
// When a node at the error location has a label other than false, the DAG of the traversal's
// nodes that reach it is refined (encoding/dag_refine.hpp): a feasible path is FALSE; otherwise
// the DAG interpolants become the bound labels of the next traversal. A traversal that ends
// with every error node false gives TRUE with the invariant map: per location the
// disjunction of the labels of the traversal's uncovered nodes (thesis Theorem 2.1), checked
// by the certification gate.
//
// POST (thesis §4.2): true (IUFO: every label comes from interpolants), Cartesian or Boolean
// predicate abstraction over the atoms of the labels refinement put at the target location
// (CPUFO, BPUFO); `eager` restarts from the root after each refinement keeping only the
// predicates (CP, BP: pure predicate abstraction).
//
// VINTA (thesis Ch. 5, Alg. 3-4; engines/vinta.cpp) is this engine with `domain` set: a marked
// node's label is the domain's join of its parents' abstract posts, widened at a loop head on
// every `widen_delay`-th visit in a traversal with WIDENWITH over the labels of the location's
// earlier nodes (the result is joined with the unwidened label, so that every arc stays
// well-labelled: WIDENWITH_∨ may drop states the other nodes hold); every node is covered
// against all uncovered nodes of its location the traversal labelled (`cover_visited`); and
// refinement uses restricted DAG interpolants over the traversal's labels (`restricted`).
//
// Beyond the thesis: refined labels are conjoined with the traversal's labels (they only get
// stronger), and a node outside the refined DAG keeps its label when its parents' new labels
// still imply it (see keep_labels_off_dag); both stop labellings from alternating.
#pragma once

#include <functional>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "base/budget.hpp"
#include "smt/solver.hpp"
#include "verifier/domains/domain.hpp"
#include "verifier/encoding/dag_refine.hpp"
#include "verifier/engines/engine.hpp"
#include "verifier/engines/itp_options.hpp"
#include "verifier/program/program.hpp"
#include "verifier/program/wto.hpp"
#include "verifier/verdict.hpp"

namespace craig::verifier {

enum class UfoPost : std::uint8_t { True, Cartesian, Boolean };

struct UfoOptions {
    bool check_models = true;
    bool check_certificates = true;
    smt::SatIntegration sat_integration = smt::kDefaultSatIntegration;  // of the queries
    DagRefineOptions refine;  // interpolation systems, DAG route, unsat-core rounds
    UfoPost post = UfoPost::True;
    bool eager = false;  // CP, BP: after a refinement, restart from the root with the predicates only
    // Boolean abstraction: cubes enumerated per post before it falls back to the Cartesian one.
    unsigned max_cubes = 64;
    // VINTA: the abstract domain of the posts (not owned; null: `post` above), covering against
    // all labelled nodes of a location, restricted DAG interpolants, widening delay.
    AbstractDomain* domain = nullptr;
    bool cover_visited = false;
    bool restricted = false;
    unsigned widen_delay = 3;
};

struct UfoStats {
    std::size_t traversals = 0, refinements = 0, covers = 0, cover_checks = 0, merged_future_nodes = 0;
    std::size_t kept_labels = 0;  // labels of nodes outside a refined DAG that stay (keep_labels_off_dag)
    std::size_t posts = 0, post_queries = 0, predicates = 0, cartesian_fallbacks = 0, widenings = 0;
    std::size_t label_nodes = 0, max_label_nodes = 0;  // of refined labels, after simplification
    double post_seconds = 0, cover_seconds = 0;
    // Simplifying labels before they are stored (joined traversal labels, refined labels,
    // invariants); with DagRefineStats::clean_seconds it makes ufo.time.clean.
    double simplify_seconds = 0;
};

class UfoEngine {
public:
    using NodeId = std::uint32_t;

    UfoEngine(const Program& blocks, const UfoOptions& options, base::Budget budget = {});
    ~UfoEngine();

    // The whole algorithm (call once). `progress` hears of the search (--progress).
    Verdict run(const std::function<void(const std::function<std::string()>&)>& progress = {});
    // The last traversal's ARG as Graphviz (--dump-arg): arcs solid, covered nodes dashed.
    void write_dot(std::ostream& out) const;
    const UfoStats& stats() const { return stats_; }
    const Wto& wto() const { return wto_; }

private:
    struct Arc {
        EdgeId edge;
        NodeId node;
    };
    struct Node {
        LocId loc;
        smt::Term label;
        std::vector<Arc> children, parents;
        bool marked = false;
        bool covered = false;        // in the traversal `visited`
        std::uint32_t visited = 0;   // the last traversal that labelled it
        std::uint32_t expanded = 0;  // the last traversal that gave it its children
    };
    enum class Traversal { Done, Stopped };
    enum class Refined { Yes, Feasible, Unknown };

    NodeId add_node(LocId l);
    void add_arc(NodeId from, EdgeId e, NodeId to);
    NodeId future_node(LocId l);
    Traversal expand_arg(const std::function<void(const std::function<std::string()>&)>& progress);
    void label(NodeId v);
    bool covered(NodeId v);
    void expand(NodeId v);
    // The next pending node from location l on (`leave`: after l's component), or none.
    std::optional<NodeId> next_pending(LocId l, bool leave);
    smt::Term post(NodeId u, EdgeId e);
    smt::Term predicate_post(smt::Term pre, EdgeId e, bool boolean);
    bool implies(smt::Term a, smt::Term b);
    Refined refine();
    void keep_labels_off_dag();
    bool preserves(smt::Term pre, EdgeId e, smt::Term post);
    void learn_predicates(LocId l, smt::Term label);
    void reset();
    smt::Term simplified(smt::Term f, int level);
    std::vector<smt::Term> invariants();
    Verdict finish(Verdict v) const;
    smt::SolverOptions solver_options() const;

    const Program& blocks_;
    UfoOptions o_;
    base::Budget budget_;
    smt::TermManager& tm_;
    Wto wto_;
    std::vector<bool> relevant_;  // per location: can reach the error or truncated location
    std::vector<LocId> bad_locs_;
    std::vector<Node> nodes_;
    NodeId root_ = 0;
    std::vector<NodeId> bad_node_;  // per location: the one node of a bad location
    std::uint32_t traversal_ = 0;
    std::vector<NodeId> fn_;                       // per location: the pending future node
    std::vector<NodeId> order_;                    // the nodes of the traversal, in the order labelled
    std::vector<std::vector<NodeId>> seen_;        // per location: the traversal's uncovered nodes
    std::vector<std::vector<NodeId>> active_;      // per head: the active heads of its unrolling
    std::unordered_map<NodeId, smt::Term> bound_;  // labels of the last refinement
    std::vector<std::vector<smt::Term>> preds_;    // per location: predicates (CP/BP/CPUFO/BPUFO)
    std::vector<std::unordered_set<smt::Term, smt::TermHash>> pred_set_;
    struct PairHash {
        std::size_t operator()(const std::pair<smt::Term, smt::Term>& p) const {
            return smt::TermHash{}(p.first) * 0x9e3779b97f4a7c15ull ^ smt::TermHash{}(p.second);
        }
    };
    std::unordered_map<std::pair<smt::Term, smt::Term>, bool, PairHash> implied_;  // decided implications
    Counterexample cex_;
    LocId cex_loc_ = kNoLoc;
    std::string reason_;
    UfoStats stats_;
    DagRefineStats refine_stats_;
    std::unique_ptr<smt::Solver> cover_solver_;
};

// The option rows of the DAG refinement every engine of the family offers (with the
// interpolation systems of itp_options.hpp), and the options their settings give.
inline constexpr EngineOption kDagRouteOption = kItpDagRouteOption;  // the interpolation layer's row
inline constexpr EngineOption kCoreRoundsOption{
    "ufo-core-rounds", OptionKind::Unsigned, "3",
    "rounds of unsat-core pruning of the ARG's literals before interpolation (0: off; the thesis uses 3)"};
UfoOptions ufo_options(const EngineSettings& s);

// The Engine of every member of the family: a UfoEngine with the options of the settings as
// `configure` completes them (it may make what they point to, e.g. a domain, and keep it).
class UfoAdapter final : public Engine {
public:
    using Configure = std::function<void(UfoOptions&, const Program&, const base::Budget&)>;
    UfoAdapter(const EngineSettings& s, Configure configure) : s_(s), configure_(std::move(configure)) {}
    Verdict solve(const Program& blocks, const base::Budget& budget) override;
    bool write_arg(std::ostream& out) const override;

private:
    EngineSettings s_;
    Configure configure_;
    std::unique_ptr<UfoEngine> engine_;
};

}  // namespace craig::verifier
