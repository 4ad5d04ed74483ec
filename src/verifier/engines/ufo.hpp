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
#include "verifier/encoding/dag_refine.hpp"
#include "verifier/program/program.hpp"
#include "verifier/program/wto.hpp"
#include "verifier/verdict.hpp"

namespace craig::verifier {

enum class UfoPost : std::uint8_t { True, Cartesian, Boolean };

struct UfoOptions {
    bool check_models = true;
    bool check_certificates = true;
    DagRefineOptions refine;  // interpolation systems, DAG route, unsat-core rounds
    UfoPost post = UfoPost::True;
    bool eager = false;  // CP, BP: after a refinement, restart from the root with the predicates only
    // Boolean abstraction: cubes enumerated per post before it falls back to the Cartesian one.
    unsigned max_cubes = 64;
};

struct UfoStats {
    std::size_t traversals = 0, refinements = 0, covers = 0, cover_checks = 0, merged_future_nodes = 0;
    std::size_t kept_labels = 0;  // labels of nodes outside a refined DAG that stay (keep_labels_off_dag)
    std::size_t posts = 0, post_queries = 0, predicates = 0, cartesian_fallbacks = 0;
    std::size_t label_nodes = 0, max_label_nodes = 0;  // of refined labels, after simplification
    double post_seconds = 0, cover_seconds = 0;
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
    std::vector<smt::Term> invariants() const;
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

}  // namespace craig::verifier
