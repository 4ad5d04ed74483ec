#include "verifier/engines/impact/unwinding.hpp"

#include <algorithm>
#include <stdexcept>

namespace craig::verifier {

Unwinding::Unwinding(smt::TermManager& tm, LocId root) : tm_(tm) {
    Vertex r;
    r.loc = root;
    r.label = tm.mk_true();
    vertices_.push_back(std::move(r));
    covers_.emplace_back();
    by_loc_.resize(root + 1);
    by_loc_[root].push_back(0);
    covered_epoch_.push_back(0);
    covered_value_.push_back(0);
}

const std::vector<VertexId>& Unwinding::at(LocId l) const {
    static const std::vector<VertexId> none;  // immutable, so no shared mutable state
    return l < by_loc_.size() ? by_loc_[l] : none;
}

VertexId Unwinding::add_child(VertexId parent, EdgeId edge, LocId loc) {
    Vertex c;
    c.loc = loc;
    c.label = tm_.mk_true();
    c.parent = parent;
    c.edge = edge;
    c.depth = vertices_[parent].depth + 1;
    const auto id = static_cast<VertexId>(vertices_.size());
    vertices_.push_back(std::move(c));
    vertices_[parent].children.push_back(id);
    covers_.emplace_back();
    covered_epoch_.push_back(0);
    covered_value_.push_back(0);
    if (by_loc_.size() <= loc) by_loc_.resize(loc + 1);
    by_loc_[loc].push_back(id);
    return id;
}

bool Unwinding::is_ancestor(VertexId a, VertexId d) const {
    // Depths make the walk stop early: an ancestor is never deeper.
    while (d != kNoVertex && vertices_[d].depth > vertices_[a].depth) d = vertices_[d].parent;
    return d == a;
}

VertexId Unwinding::nearest_common_ancestor(VertexId a, VertexId b) const {
    while (vertices_[a].depth > vertices_[b].depth) a = vertices_[a].parent;
    while (vertices_[b].depth > vertices_[a].depth) b = vertices_[b].parent;
    while (a != b) {
        a = vertices_[a].parent;
        b = vertices_[b].parent;
    }
    return a;
}

bool Unwinding::is_covered(VertexId v) const {
    // Up to the first vertex that decides: covered itself, labelled false, or memoised in this
    // epoch. Every vertex on the way has the same answer (below a covered vertex all are
    // covered; the others were checked on the way), so they are memoised too.
    const smt::Term f = tm_.mk_false();
    bool covered = false;
    VertexId u = v;
    for (; u != kNoVertex; u = vertices_[u].parent) {
        if (covered_epoch_[u] == epoch_) {
            covered = covered_value_[u] != 0;
            break;
        }
        if (vertices_[u].covered_by != kNoVertex || vertices_[u].label == f) {
            covered = true;
            break;
        }
    }
    for (VertexId x = v; x != u; x = vertices_[x].parent) {
        covered_epoch_[x] = epoch_;
        covered_value_[x] = covered;
    }
    return covered;
}

std::vector<VertexId> Unwinding::path(VertexId v) const {
    std::vector<VertexId> p;
    for (; v != kNoVertex; v = vertices_[v].parent) p.push_back(v);
    std::reverse(p.begin(), p.end());
    return p;
}

void Unwinding::uncover(VertexId v) {
    const VertexId w = vertices_[v].covered_by;
    if (w == kNoVertex) return;
    auto& list = covers_[w];
    list.erase(std::find(list.begin(), list.end(), v));
    vertices_[v].covered_by = kNoVertex;
    covers_changed();
}

void Unwinding::drop_covers_given_below(VertexId v) {
    covers_changed();
    std::vector<VertexId> stack{v};
    while (!stack.empty()) {
        const VertexId d = stack.back();
        stack.pop_back();
        for (VertexId x : covers_[d]) vertices_[x].covered_by = kNoVertex;
        covers_[d].clear();
        for (VertexId c : vertices_[d].children) stack.push_back(c);
    }
}

void Unwinding::set_cover(VertexId v, VertexId w) {
    if (vertices_[v].loc != vertices_[w].loc || is_covered(w) || is_ancestor(v, w))
        throw std::logic_error("Unwinding::set_cover: (v, w) is not a legal cover");
    uncover(v);
    // McMillan CAV'06, Cover: ▷ := ▷ ∪ {(v, w)} \ {(x, y) : v ⊑ y}.
    drop_covers_given_below(v);
    vertices_[v].covered_by = w;
    covers_[w].push_back(v);
    covers_changed();
}

void Unwinding::strengthen(VertexId v, smt::Term phi) {
    Vertex& x = vertices_[v];
    x.label = tm_.mk_and(x.label, phi);
    // McMillan CAV'06, Refine: the covers (·, v) may no longer hold.
    for (VertexId c : covers_[v]) vertices_[c].covered_by = kNoVertex;
    covers_[v].clear();
    covers_changed();
    if (x.label == tm_.mk_false()) drop_covers_given_below(v);
}

void Unwinding::conjoin_invariant(VertexId v, smt::Term inv) {
    const smt::Term l = tm_.mk_and(vertices_[v].label, inv);
    if (l == tm_.mk_false()) return strengthen(v, inv);
    vertices_[v].label = l;
}

std::size_t Unwinding::num_covers() const {
    std::size_t n = 0;
    for (const auto& c : covers_) n += c.size();
    return n;
}

std::vector<std::vector<smt::Term>> Unwinding::uncovered_labels(std::size_t num_locs) const {
    std::vector<std::vector<smt::Term>> parts(num_locs);
    for (VertexId v = 0; v < vertices_.size(); ++v) {
        if (is_covered(v)) continue;
        std::vector<smt::Term>& at = parts.at(vertices_[v].loc);
        if (std::find(at.begin(), at.end(), vertices_[v].label) == at.end()) at.push_back(vertices_[v].label);
    }
    return parts;
}

std::vector<smt::Term> Unwinding::invariants(std::size_t num_locs) const {
    const std::vector<std::vector<smt::Term>> parts = uncovered_labels(num_locs);
    std::vector<smt::Term> inv(num_locs);
    for (std::size_t l = 0; l < num_locs; ++l) inv[l] = tm_.mk_or(parts[l]);
    return inv;
}

}  // namespace craig::verifier
