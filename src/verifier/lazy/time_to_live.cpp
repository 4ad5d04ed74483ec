#include "verifier/lazy/time_to_live.hpp"

#include <algorithm>
#include <utility>

namespace craig::verifier {

namespace {

// Per edge: 1 when it closes a cycle in an iterative depth-first search (its target is on the
// search's stack).
std::vector<std::uint8_t> back_edges(const Program& p) {
    enum : std::uint8_t { kNew, kOnStack, kDone };
    std::vector<std::uint8_t> state(p.locs.size(), kNew), back(p.edges.size(), 0);
    std::vector<std::pair<LocId, std::size_t>> stack;  // location, next out-edge
    auto search = [&](LocId root) {
        if (state[root] != kNew) return;
        state[root] = kOnStack;
        stack.emplace_back(root, 0);
        while (!stack.empty()) {
            auto& [l, i] = stack.back();
            if (i == p.out(l).size()) {
                state[l] = kDone;
                stack.pop_back();
                continue;
            }
            const EdgeId e = p.out(l)[i++];
            const LocId to = p.edges[e].dst;
            if (state[to] == kOnStack)
                back[e] = 1;
            else if (state[to] == kNew) {
                state[to] = kOnStack;
                stack.emplace_back(to, 0);
            }
        }
    };
    if (p.entry != kNoLoc) search(p.entry);
    for (LocId l = 0; l < p.locs.size(); ++l) search(l);
    return back;
}

}  // namespace

TimeToLive instrument_time_to_live(const Program& p) {
    smt::TermManager& tm = p.terms();
    TimeToLive t{p, 0, back_edges(p), 0};
    Program& q = t.program;
    t.tau = static_cast<VarId>(q.vars.size());
    // Fresh symbols: a TermManager may hold several instrumented copies (tests, portfolios).
    q.vars.push_back(ProgramVar{"lazy::tau", tm.mk_const(tm.fresh_fun("lazy.tau", {}, smt::SortTable::Int)),
                                tm.mk_const(tm.fresh_fun("lazy.tau'", {}, smt::SortTable::Int))});
    q.provenance.vars.push_back(VarProvenance{"", "", frontend::Type{}, false, true});
    const ProgramVar& tau = q.vars.back();
    const smt::Term one = tm.mk_numeral(1, smt::SortTable::Int);
    for (EdgeId e = 0; e < q.edges.size(); ++e) {
        if (!t.decrements[e]) continue;
        ++t.back_edges;
        Edge& edge = q.edges[e];
        edge.formula = tm.mk_and(edge.formula, tm.mk_eq(tau.next, tm.mk_sub(tau.cur, one)));
        edge.writes.push_back(t.tau);  // the largest id: writes stay sorted
    }
    q.index();
    return t;
}

}  // namespace craig::verifier
