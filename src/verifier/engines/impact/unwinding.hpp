// The unwinding of McMillan's lazy abstraction with interpolants (CAV 2006, section 3):
// a tree of vertices, each at a program location with a label (a formula over the
// program variables' `cur` constants), and a covering relation between vertices.
//
// This class is bookkeeping only; the procedures that decide implications and compute
// labels (Expand, Refine, Cover, Close) are in impact.cpp. It maintains:
//   - a vertex is *covered* when it or an ancestor is in the domain of the covering
//     relation, or when it or an ancestor is labelled false (no state reaches it; such a
//     subtree contributes nothing and is never expanded);
//   - the coverer of every cover is uncovered: set_cover drops the covers whose coverer
//     lies in the subtree of the newly covered vertex, and strengthen drops the covers the
//     strengthened vertex gave (they may no longer hold) and, when its label becomes false,
//     those given by its subtree.
// Vertex ids are dense and in creation order, which is the order "≺" of the paper: a
// vertex may only be covered by an earlier one (never by a descendant).
#pragma once

#include <cstdint>
#include <vector>

#include "smt/terms/term.hpp"
#include "verifier/program/program.hpp"

namespace craig::verifier {

using VertexId = std::uint32_t;
inline constexpr VertexId kNoVertex = UINT32_MAX;
inline constexpr EdgeId kNoEdge = UINT32_MAX;

struct Vertex {
    LocId loc = kNoLoc;
    smt::Term label;  // over the cur constants
    VertexId parent = kNoVertex;
    EdgeId edge = kNoEdge;  // the edge from the parent
    unsigned depth = 0;     // edges from the root
    std::vector<VertexId> children;
    VertexId covered_by = kNoVertex;  // (this, covered_by) is in the covering relation
    bool expanded = false;            // Expand ran (children for every outgoing edge)
};

class Unwinding {
public:
    // The root vertex (id 0) at `root`, labelled true.
    Unwinding(smt::TermManager& tm, LocId root);

    std::size_t size() const { return vertices_.size(); }
    const Vertex& operator[](VertexId v) const { return vertices_[v]; }
    // Vertices at a location, in creation order.
    const std::vector<VertexId>& at(LocId l) const;

    // A new leaf below `parent` along `edge` (to location `loc`), labelled true.
    VertexId add_child(VertexId parent, EdgeId edge, LocId loc);
    void mark_expanded(VertexId v) { vertices_[v].expanded = true; }

    // a ⊑ d: a is d or an ancestor of d.
    bool is_ancestor(VertexId a, VertexId d) const;
    VertexId nearest_common_ancestor(VertexId a, VertexId b) const;
    bool is_covered(VertexId v) const;
    // The root .. v.
    std::vector<VertexId> path(VertexId v) const;

    // Adds (v, w): v is covered by w. Requires loc(v) == loc(w), w uncovered and not in
    // v's subtree. Covers given by vertices of v's subtree are dropped (they became covered).
    void set_cover(VertexId v, VertexId w);
    // Removes v's own cover, if any.
    void uncover(VertexId v);
    // label(v) := label(v) ∧ phi, dropping the covers v gave (and, if the label becomes
    // false, those its subtree gave).
    void strengthen(VertexId v, smt::Term phi);
    // label(v) := label(v) ∧ inv where inv is an invariant of v's location that every
    // vertex there gets: covers between vertices of that location stay valid and are kept
    // (unless the label becomes false, as in strengthen).
    void conjoin_invariant(VertexId v, smt::Term inv);

    // Vertices covered directly by w.
    const std::vector<VertexId>& covered_by(VertexId w) const { return covers_[w]; }
    std::size_t num_covers() const;

    // Per location (indexed by LocId, `num_locs` entries): the disjunction of the labels
    // of its uncovered vertices (false where there is none). The certificate of a
    // complete, safe unwinding (McMillan CAV'06, Theorem 1).
    std::vector<smt::Term> invariants(std::size_t num_locs) const;
    // The disjuncts of invariants(): per location the distinct labels of its uncovered vertices.
    std::vector<std::vector<smt::Term>> uncovered_labels(std::size_t num_locs) const;

private:
    void drop_covers_given_below(VertexId v);
    // Every change of a cover or of a label to false may change is_covered anywhere below.
    void covers_changed() { ++epoch_; }

    smt::TermManager& tm_;
    // is_covered's memo: per vertex the answer and the epoch it was computed in. Impact asks
    // it for every vertex of a location between two cover changes; walking to the root each
    // time was a measurable share of its run time on deep unwindings.
    mutable std::vector<std::uint64_t> covered_epoch_;
    mutable std::vector<std::uint8_t> covered_value_;
    std::uint64_t epoch_ = 1;
    std::vector<Vertex> vertices_;
    std::vector<std::vector<VertexId>> covers_;  // per vertex: the vertices it covers
    std::vector<std::vector<VertexId>> by_loc_;
};

}  // namespace craig::verifier
