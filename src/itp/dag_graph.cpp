#include "itp/dag_graph.hpp"

namespace craig::itp {

DagGraph::DagGraph(uint32_t n, uint32_t entry, uint32_t exit, std::span<const DagEdge> edges)
    : n_(n),
      entry_(entry),
      exit_(exit),
      order_(topological_order(n, edges)),
      reach_(static_cast<size_t>(n) * n, 0),
      in_(n),
      out_(n) {
    for (uint32_t i = 0; i < edges.size(); ++i) {
        out_[edges[i].from].push_back(i);
        in_[edges[i].to].push_back(i);
    }
    for (size_t i = order_.size(); i-- > 0;) {
        const uint32_t v = order_[i];
        uint8_t* row = &reach_[static_cast<size_t>(v) * n];
        row[v] = 1;
        for (uint32_t e : out_[v]) {
            const uint8_t* sub = &reach_[static_cast<size_t>(edges[e].to) * n];
            for (uint32_t x = 0; x < n; ++x) row[x] |= sub[x];
        }
    }
}

}  // namespace craig::itp
