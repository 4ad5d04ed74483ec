// SSA instantiation of paths and DAGs of a Program's edges, each node instantiated once and
// shared by every query through it (impact's path queries; the DAG interpolation of later
// engines).
//
//   PathEncoding enc(blocks);
//   NodeId r = enc.add_root("@v0");                    // fresh versions of every variable
//   NodeId a = enc.add_step(r, e1, "@v1");             // e1 from r's versions to a's
//   NodeId b = enc.add_step(a, e2, "@v2");
//   NodeId j = enc.add_join({{a, e3}, {b, e4}}, "@j"); // a DAG node with two incoming edges
//   solver.assert(enc.step(b));  ...  enc.at(b, label)   // a formula over cur at b's versions
//
// Node states: a variable an edge does not write keeps its version (the frame equality is
// solved away, so it never appears); a join gets a fresh version of each variable whose
// incoming versions differ, and each incoming edge's formula equates the merged version with
// its own. Aux constants of an edge get fresh names per node (renamed(node, k) maps them, for
// counterexamples, block_path.hpp).
#pragma once

#include <deque>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "verifier/encoding/block_path.hpp"
#include "verifier/program/program.hpp"

namespace craig::verifier {

class PathEncoding {
public:
    using NodeId = std::uint32_t;
    struct Incoming {
        NodeId from;
        EdgeId edge;
    };

    explicit PathEncoding(const Program& p) : p_(p), tm_(p.terms()) {}

    NodeId add_root(const std::string& tag);
    NodeId add_step(NodeId from, EdgeId edge, const std::string& tag);
    NodeId add_join(std::span<const Incoming> incoming, const std::string& tag);

    std::size_t size() const { return nodes_.size(); }
    // The versions of every variable at the node (indexed by VarId).
    const std::vector<smt::Term>& state(NodeId n) const { return nodes_[n].state; }
    // The formulas of the node's incoming edges (none for a root, one for a step).
    std::span<const smt::Term> steps(NodeId n) const { return nodes_[n].steps; }
    // The one incoming formula of a step node.
    smt::Term step(NodeId n) const { return nodes_[n].steps.at(0); }
    std::span<const Incoming> incoming(NodeId n) const { return nodes_[n].incoming; }
    const AuxRenaming& renamed(NodeId n, std::size_t k = 0) const { return nodes_[n].renamed.at(k); }

    // `f` over the cur constants, with the node's versions instead.
    smt::Term at(NodeId n, smt::Term f) const;
    // `f` over the node's versions (and the C operator functions), back to cur constants;
    // nullopt when f has any other constant.
    std::optional<smt::Term> to_cur(NodeId n, smt::Term f) const;

private:
    struct Node {
        std::vector<smt::Term> state;
        std::vector<smt::Term> steps;
        std::vector<Incoming> incoming;
        std::vector<AuxRenaming> renamed;
    };
    smt::Term fresh(VarId v, const std::string& tag) const;

    const Program& p_;
    smt::TermManager& tm_;
    std::deque<Node> nodes_;  // references to states and renamings stay valid as nodes are added
};

}  // namespace craig::verifier
