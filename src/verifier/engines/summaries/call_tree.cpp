#include "verifier/engines/summaries/call_tree.hpp"

namespace craig::verifier {

CallTree::CallTree(const Procedures& ps, unsigned unwinding) : ps_(&ps), unwinding_(unwinding) {
    const std::size_t n = ps.procs.size();
    // Reachability in the call graph (procedure counts are small: a depth-first search each).
    std::vector<std::vector<char>> reach(n, std::vector<char>(n, 0));
    for (ProcId p = 0; p < n; ++p) {
        std::vector<ProcId> stack;
        for (const ProcCall& c : ps.procs[p].calls) stack.push_back(c.callee);
        while (!stack.empty()) {
            const ProcId q = stack.back();
            stack.pop_back();
            if (reach[p][q]) continue;
            reach[p][q] = 1;
            for (const ProcCall& c : ps.procs[q].calls) stack.push_back(c.callee);
        }
    }
    recursive_.assign(n, 0);
    rec_index_.assign(n, UINT32_MAX);
    std::uint32_t r = 0;
    for (ProcId p = 0; p < n; ++p)
        if (reach[p][p]) {
            recursive_[p] = 1;
            rec_index_[p] = r++;
        }
    recursive_reach_.resize(n);
    for (ProcId p = 0; p < n; ++p)
        for (ProcId q = 0; q < n; ++q)
            if (recursive_[q] && (q == p || reach[p][q])) recursive_reach_[p].push_back(q);
    add(0, kNoNode, 0);
}

std::uint32_t CallTree::add(ProcId proc, std::uint32_t parent, std::uint32_t call) {
    CallNode node;
    node.proc = proc;
    node.parent = parent;
    node.call = call;
    std::vector<std::uint32_t> counts = parent == kNoNode ? std::vector<std::uint32_t>() : counts_[parent];
    if (recursive_[proc]) {
        counts.resize(std::max<std::size_t>(counts.size(), rec_index_[proc] + 1), 0);
        node.cut = counts[rec_index_[proc]] >= unwinding_;
        ++counts[rec_index_[proc]];
    }
    std::vector<std::uint32_t> key{proc, node.cut ? 1u : 0u};
    for (ProcId q : recursive_reach_[proc]) key.push_back(rec_index_[q] < counts.size() ? counts[rec_index_[q]] : 0);
    auto [it, fresh] = key_ids_.try_emplace(key, static_cast<std::uint32_t>(key_proc_.size()));
    if (fresh) {
        key_proc_.push_back(proc);
        key_vec_.push_back(std::move(key));
    }
    node.key = it->second;
    nodes_.push_back(std::move(node));
    counts_.push_back(std::move(counts));
    return static_cast<std::uint32_t>(nodes_.size() - 1);
}

const std::vector<std::uint32_t>& CallTree::expand(std::uint32_t n) {
    if (!nodes_[n].expanded && !nodes_[n].cut) {
        nodes_[n].expanded = true;
        const std::size_t calls = ps_->procs[nodes_[n].proc].calls.size();
        std::vector<std::uint32_t> children;
        for (std::uint32_t c = 0; c < calls; ++c)
            children.push_back(add(ps_->procs[nodes_[n].proc].calls[c].callee, n, c));
        nodes_[n].children = std::move(children);
    }
    return nodes_[n].children;
}

std::vector<std::uint32_t> CallTree::key_counts(std::uint32_t key) const {
    const ProcId proc = key_proc_[key];
    std::vector<std::uint32_t> counts(ps_->procs.size(), 0);
    if (!recursive_[proc]) counts[proc] = 1;  // itself, once; no other reachable one is active
    const std::vector<std::uint32_t>& k = key_vec_[key];
    for (std::size_t i = 0; i < recursive_reach_[proc].size(); ++i) counts[recursive_reach_[proc][i]] = k[2 + i];
    return counts;
}

}  // namespace craig::verifier
