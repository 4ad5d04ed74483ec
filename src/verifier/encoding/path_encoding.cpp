#include "verifier/encoding/path_encoding.hpp"

#include <unordered_set>

namespace craig::verifier {

smt::Term PathEncoding::fresh(VarId v, const std::string& tag) const {
    return tm_.mk_const(tm_.fresh_fun(p_.vars[v].name + tag, {}, var_sort(tm_, p_.vars[v])));
}

PathEncoding::NodeId PathEncoding::add_root(const std::string& tag) {
    Node n;
    for (VarId v = 0; v < p_.vars.size(); ++v) n.state.push_back(fresh(v, tag));
    nodes_.push_back(std::move(n));
    return static_cast<NodeId>(nodes_.size() - 1);
}

PathEncoding::NodeId PathEncoding::add_step(NodeId from, EdgeId e, const std::string& tag) {
    Node n;
    n.state = nodes_[from].state;
    const Edge& edge = p_.edges[e];
    for (VarId w : edge.writes) n.state[w] = fresh(w, tag);
    AuxRenaming renamed;
    n.steps.push_back(instantiate(p_, edge, nodes_[from].state, n.state, tag, true, &renamed));
    n.incoming.push_back({from, e});
    n.renamed.push_back(std::move(renamed));
    nodes_.push_back(std::move(n));
    return static_cast<NodeId>(nodes_.size() - 1);
}

PathEncoding::NodeId PathEncoding::add_join(std::span<const Incoming> incoming, const std::string& tag) {
    if (incoming.size() == 1) return add_step(incoming[0].from, incoming[0].edge, tag);
    // The versions each incoming edge leaves behind, then one merged version where they differ.
    std::vector<std::vector<smt::Term>> posts;
    for (std::size_t k = 0; k < incoming.size(); ++k) {
        std::vector<smt::Term> post = nodes_[incoming[k].from].state;
        for (VarId w : p_.edges[incoming[k].edge].writes) post[w] = fresh(w, tag + "." + std::to_string(k));
        posts.push_back(std::move(post));
    }
    Node n;
    n.state = posts[0];
    std::vector<bool> merged(p_.vars.size(), false);
    for (VarId v = 0; v < p_.vars.size(); ++v)
        for (const auto& post : posts)
            if (post[v] != posts[0][v]) merged[v] = true;
    for (VarId v = 0; v < p_.vars.size(); ++v)
        if (merged[v]) n.state[v] = fresh(v, tag);
    for (std::size_t k = 0; k < incoming.size(); ++k) {
        const Edge& edge = p_.edges[incoming[k].edge];
        AuxRenaming renamed;
        std::vector<smt::Term> parts{instantiate(p_, edge, nodes_[incoming[k].from].state, posts[k],
                                                 tag + "." + std::to_string(k), true, &renamed)};
        for (VarId v = 0; v < p_.vars.size(); ++v)
            if (merged[v]) parts.push_back(tm_.mk_eq(n.state[v], posts[k][v]));
        n.steps.push_back(tm_.mk_and(parts));
        n.incoming.push_back(incoming[k]);
        n.renamed.push_back(std::move(renamed));
    }
    nodes_.push_back(std::move(n));
    return static_cast<NodeId>(nodes_.size() - 1);
}

smt::Term PathEncoding::at(NodeId n, smt::Term f) const {
    AuxRenaming to;
    for (VarId v = 0; v < p_.vars.size(); ++v) to[p_.vars[v].cur] = nodes_[n].state[v];
    return tm_.substitute(f, to);
}

std::optional<smt::Term> PathEncoding::to_cur(NodeId n, smt::Term f) const {
    AuxRenaming back;
    for (VarId v = 0; v < p_.vars.size(); ++v) back[nodes_[n].state[v]] = p_.vars[v].cur;
    const smt::Term r = tm_.substitute(f, back);
    std::vector<smt::Term> stack{r};
    std::unordered_set<smt::Term, smt::TermHash> seen;
    while (!stack.empty()) {
        const smt::Term t = stack.back();
        stack.pop_back();
        if (!seen.insert(t).second) continue;
        if (tm_.kind(t) == smt::Kind::Const) {
            const VarId v = p_.var_of(t);
            if (v == UINT32_MAX || p_.vars[v].cur != t) return std::nullopt;
        }
        for (smt::Term c : tm_.children(t)) stack.push_back(c);
    }
    return r;
}

}  // namespace craig::verifier
