#include "smt/transitivity.hpp"

#include <algorithm>
#include <set>
#include <unordered_map>
#include <unordered_set>

namespace craig::smt {

std::vector<std::array<Term, 3>> chordal_triangles(const TermManager& tm, std::span<const Term> equalities,
                                                   size_t max_triangles) {
    std::unordered_map<uint32_t, uint32_t> index;  // term id -> vertex
    std::vector<Term> term;
    std::vector<std::unordered_set<uint32_t>> adj;
    auto vertex = [&](Term t) {
        auto [it, fresh] = index.emplace(t.id, static_cast<uint32_t>(term.size()));
        if (fresh) {
            term.push_back(t);
            adj.emplace_back();
        }
        return it->second;
    };
    for (Term e : equalities) {
        uint32_t a = vertex(tm.child(e, 0)), b = vertex(tm.child(e, 1));
        if (a == b) continue;
        adj[a].insert(b);
        adj[b].insert(a);
    }
    std::vector<std::array<Term, 3>> triangles;
    // Min-degree elimination with a priority set of (degree, vertex).
    std::set<std::pair<size_t, uint32_t>> queue;
    for (uint32_t v = 0; v < adj.size(); ++v) queue.emplace(adj[v].size(), v);
    std::vector<uint32_t> nbrs;
    while (!queue.empty()) {
        uint32_t v = queue.begin()->second;
        queue.erase(queue.begin());
        nbrs.assign(adj[v].begin(), adj[v].end());
        std::sort(nbrs.begin(), nbrs.end());  // deterministic order
        if (triangles.size() + nbrs.size() * (nbrs.size() - (nbrs.empty() ? 0 : 1)) / 2 > max_triangles) break;
        for (size_t i = 0; i < nbrs.size(); ++i)
            for (size_t j = i + 1; j < nbrs.size(); ++j) {
                uint32_t a = nbrs[i], b = nbrs[j];
                triangles.push_back({term[v], term[a], term[b]});
                if (adj[a].insert(b).second) {  // fill edge
                    queue.erase({adj[a].size() - 1, a});
                    queue.emplace(adj[a].size(), a);
                    queue.erase({adj[b].size(), b});
                    adj[b].insert(a);
                    queue.emplace(adj[b].size(), b);
                }
            }
        for (uint32_t a : nbrs) {
            queue.erase({adj[a].size(), a});
            adj[a].erase(v);
            queue.emplace(adj[a].size(), a);
        }
        adj[v].clear();
    }
    return triangles;
}

}  // namespace craig::smt
