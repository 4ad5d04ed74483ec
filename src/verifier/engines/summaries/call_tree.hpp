// The unwound call tree of partitioned BMC (Asadi's thesis §3.1; engine `summaries`): the unique
// calls of the procedural model (procedures.hpp) - a call instance is its procedure with the
// call path from main - unwound to a bound ν: a call of procedure q from a call path on which q
// is already active ν times is cut (it stops with the unwinding code, assertion_sites.hpp).
// Loops are tail-recursive procedures, so ν bounds the iterations of every loop as well as the
// depth of recursion. Non-recursive calls are never cut.
//
// Nodes are made on demand (expand), children in the order of the procedure's calls. Two nodes
// with the same key have the same subtree up to renaming (the same procedure, and the same
// number of activations on their call paths of each recursive procedure reachable from it),
// so a summary of one is a summary of the other: summaries are stored per key.
#pragma once

#include <cstdint>
#include <map>
#include <vector>

#include "verifier/program/procedures.hpp"

namespace craig::verifier {

inline constexpr std::uint32_t kNoNode = UINT32_MAX;

struct CallNode {
    ProcId proc = 0;
    std::uint32_t parent = kNoNode;  // kNoNode for main
    std::uint32_t call = 0;          // index into the parent's Procedure::calls
    bool cut = false;                // beyond the unwinding: never expanded
    bool expanded = false;
    std::uint32_t key = 0;
    std::vector<std::uint32_t> children;  // per call of the procedure, once expanded
};

class CallTree {
public:
    // Node 0 is main's instance.
    CallTree(const Procedures& ps, unsigned unwinding);
    // Another root: an instance of `proc` called from nowhere (checking a summary of `proc`
    // against its subtree); it shares the key table, so its nodes' summaries are main's.
    std::uint32_t add_root(ProcId proc) { return add(proc, kNoNode, 0); }

    unsigned unwinding() const { return unwinding_; }
    std::uint32_t size() const { return static_cast<std::uint32_t>(nodes_.size()); }
    const CallNode& operator[](std::uint32_t n) const { return nodes_[n]; }
    // Makes the children of n (no-op when expanded or cut); returns them.
    const std::vector<std::uint32_t>& expand(std::uint32_t n);
    std::uint32_t num_keys() const { return static_cast<std::uint32_t>(key_ids_.size()); }
    // The procedure of a key.
    ProcId key_proc(std::uint32_t key) const { return key_proc_[key]; }
    // Whether procedure p can call itself (through any chain of calls).
    bool recursive(ProcId p) const { return recursive_[p]; }
    // The activation counts (per procedure) of a key's instances on the procedures reachable
    // from its procedure, 0 elsewhere: what a certificate lemma states (Certificate::Unwound).
    std::vector<std::uint32_t> key_counts(std::uint32_t key) const;
    bool key_cut(std::uint32_t key) const { return key_vec_[key][1] != 0; }

private:
    std::uint32_t add(ProcId proc, std::uint32_t parent, std::uint32_t call);

    const Procedures* ps_;
    unsigned unwinding_;
    std::vector<CallNode> nodes_;
    std::vector<char> recursive_;
    std::vector<std::vector<ProcId>> recursive_reach_;  // per procedure: recursive procedures it reaches (or is)
    std::vector<std::uint32_t> rec_index_;              // procedure -> index among the recursive ones
    std::vector<std::vector<std::uint32_t>> counts_;    // per node: activations of each recursive procedure on its path
    std::map<std::vector<std::uint32_t>, std::uint32_t> key_ids_;
    std::vector<ProcId> key_proc_;
    std::vector<std::vector<std::uint32_t>> key_vec_;  // per key: proc, cut, counts on recursive_reach_
};

}  // namespace craig::verifier
