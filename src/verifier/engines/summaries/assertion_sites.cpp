#include "verifier/engines/summaries/assertion_sites.hpp"

#include <algorithm>
#include <map>
#include <tuple>
#include <unordered_map>
#include <unordered_set>

namespace craig::verifier {

namespace {

// The edges of function f's region (from its entry up to its return, the error and the exit)
// when it is a wrapper: an error edge, no call, no cycle. Empty otherwise.
std::vector<EdgeId> wrapper_error_edges(const Program& p, const FunctionBody& f,
                                        const std::unordered_set<EdgeId>& call_edges) {
    std::vector<EdgeId> errors;
    std::unordered_map<LocId, char> state;  // 1 on the stack, 2 done
    struct Item {
        LocId loc;
        std::size_t next;
    };
    std::vector<Item> stack{{f.entry, 0}};
    state[f.entry] = 1;
    while (!stack.empty()) {
        Item& it = stack.back();
        const bool stops = it.loc == f.ret || it.loc == p.error || it.loc == p.exit;
        if (stops || it.next == p.out(it.loc).size()) {
            state[it.loc] = 2;
            stack.pop_back();
            continue;
        }
        const EdgeId e = p.out(it.loc)[it.next++];
        if (call_edges.count(e)) return {};
        const LocId d = p.edges[e].dst;
        if (d == p.error) errors.push_back(e);
        const char s = state[d];
        if (s == 1) return {};  // a cycle
        if (s == 0) {
            state[d] = 1;
            stack.push_back({d, 0});
        }
    }
    return errors;
}

std::string short_place(const frontend::SourceLocation& l) {
    return std::to_string(l.line) + ":" + std::to_string(l.col);
}

}  // namespace

std::vector<AssertionSite> assertion_sites(const Program& p) {
    std::unordered_set<EdgeId> call_edges;
    for (const CallSite& c : p.calls) call_edges.insert(c.edge);
    std::unordered_set<EdgeId> in_wrapper;
    std::unordered_set<std::string> wrappers;
    for (std::size_t f = 1; f < p.functions.size(); ++f) {
        const std::vector<EdgeId> errors = wrapper_error_edges(p, p.functions[f], call_edges);
        if (errors.empty()) continue;
        wrappers.insert(p.functions[f].name);
        in_wrapper.insert(errors.begin(), errors.end());
    }
    std::vector<AssertionSite> sites;
    // Error edges by source location (a site may be lowered to several edges).
    std::map<std::tuple<std::string, std::uint32_t, std::uint32_t>, std::size_t> by_place;
    for (EdgeId e = 0; e < p.edges.size(); ++e) {
        if (p.edges[e].dst != p.error || in_wrapper.count(e)) continue;
        const frontend::SourceLocation& l = p.edge_origin(e).loc;
        auto [it, fresh] = by_place.try_emplace({l.file, l.line, l.col}, sites.size());
        if (fresh) sites.push_back(AssertionSite{l, "reach_error at " + short_place(l), {}, UINT32_MAX, 0});
        sites[it->second].error_edges.push_back(e);
    }
    for (const CallSite& c : p.calls) {
        if (!wrappers.count(c.callee)) continue;
        const frontend::SourceLocation& l = p.edge_origin(c.edge).loc;
        sites.push_back(AssertionSite{l, c.callee + " at " + short_place(l), {}, c.edge, 0});
    }
    std::stable_sort(sites.begin(), sites.end(), [](const AssertionSite& a, const AssertionSite& b) {
        return std::tie(a.loc.file, a.loc.line, a.loc.col) < std::tie(b.loc.file, b.loc.line, b.loc.col);
    });
    for (std::size_t i = 0; i < sites.size(); ++i) sites[i].code = static_cast<std::int64_t>(i) + 2;
    return sites;
}

ProcedureOptions site_codes(const Program& p, std::span<const AssertionSite> sites) {
    ProcedureOptions o;
    o.codes = true;
    // Every error edge gets a site code, never the unwinding's: those inside a wrapper are
    // renamed by the call site's code on the way out.
    for (EdgeId e = 0; e < p.edges.size(); ++e)
        if (p.edges[e].dst == p.error) o.error_code[e] = 2;
    for (const AssertionSite& s : sites) {
        for (EdgeId e : s.error_edges) o.error_code[e] = s.code;
        if (s.call != UINT32_MAX) o.call_code[s.call] = s.code;
    }
    return o;
}

}  // namespace craig::verifier
