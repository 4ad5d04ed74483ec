#pragma once
// The shape of a DAG interpolation problem (dag_interpolation.hpp), shared by both routes and
// the checker: topological order, reachability, incoming and outgoing edges, and which vertices
// lie on an entry-exit path (the only ones whose interpolant needs a proof).
#include <cstdint>
#include <span>
#include <vector>

#include "itp/dag_interpolation.hpp"

namespace craig::itp {

class DagGraph {
public:
    // Throws std::invalid_argument on a cycle or an edge naming a vertex out of range.
    DagGraph(uint32_t num_vertices, uint32_t entry, uint32_t exit, std::span<const DagEdge> edges);

    uint32_t size() const { return n_; }
    uint32_t entry() const { return entry_; }
    uint32_t exit() const { return exit_; }
    const std::vector<uint32_t>& order() const { return order_; }
    // w is reachable from v (v itself included).
    bool reaches(uint32_t v, uint32_t w) const { return reach_[static_cast<size_t>(v) * n_ + w]; }
    // v lies on some entry-exit path.
    bool relevant(uint32_t v) const { return reaches(entry_, v) && reaches(v, exit_); }
    const std::vector<uint32_t>& in(uint32_t v) const { return in_[v]; }    // edge indices
    const std::vector<uint32_t>& out(uint32_t v) const { return out_[v]; }  // edge indices

private:
    uint32_t n_, entry_, exit_;
    std::vector<uint32_t> order_;
    std::vector<uint8_t> reach_;  // flat n × n rows
    std::vector<std::vector<uint32_t>> in_, out_;
};

}  // namespace craig::itp
