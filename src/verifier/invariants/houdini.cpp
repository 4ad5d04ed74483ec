#include "verifier/invariants/houdini.hpp"

#include <deque>

#include "verifier/program/cur_next.hpp"

namespace craig::verifier {

HoudiniResult houdini(const Program& p, std::vector<std::vector<smt::Term>> candidates, const smt::SolverOptions& so) {
    smt::TermManager& tm = p.terms();
    HoudiniResult out;
    candidates.resize(p.locs.size());
    candidates[p.entry].clear();
    const CurNext cn = cur_next(p);
    std::vector<smt::Term> steps;
    for (const Edge& e : p.edges) steps.push_back(instantiate(p, e, cn.cur, cn.next, "#houdini", true, nullptr));
    // Drop what some edge does not preserve until nothing changes (the map only shrinks, so
    // this ends). A worklist of edges: an edge is checked again only when the candidates at its
    // source shrank (its precondition weakened); fewer candidates at its target need no check.
    // The round-robin this replaces re-checked every edge per round, 10169 queries in 10 s on
    // a 77-location CHC system (docs/results/chc-speed-2026-12-06). Per edge, one query
    // asks whether some candidate is violated; a model drops every candidate it falsifies at
    // once, so an edge costs a query per round of drops rather than one per candidate
    // (docs/results/code-measurements.md, houdini-batches).
    std::vector<std::vector<EdgeId>> out_edges(p.locs.size());
    for (EdgeId e = 0; e < p.edges.size(); ++e) out_edges[p.edges[e].src].push_back(e);
    std::deque<EdgeId> work;
    std::vector<char> queued(p.edges.size(), 1);
    for (EdgeId e = 0; e < p.edges.size(); ++e) work.push_back(e);
    std::vector<smt::Term> next;
    std::vector<char> alive;
    while (!work.empty()) {
        const EdgeId e = work.front();
        work.pop_front();
        queued[e] = 0;
        std::vector<smt::Term>& post = candidates[p.edges[e].dst];
        if (post.empty()) continue;
        smt::Solver s(tm, so);
        s.assert_formula(tm.mk_and(candidates[p.edges[e].src]));
        s.assert_formula(steps[e]);
        next.clear();
        for (smt::Term c : post) next.push_back(tm.substitute(c, cn.to_next));
        alive.assign(post.size(), 1);
        for (;;) {
            std::vector<smt::Term> held;
            for (std::size_t i = 0; i < post.size(); ++i)
                if (alive[i]) held.push_back(next[i]);
            if (held.empty()) break;
            ++out.queries;
            const smt::Term some_violated[1] = {tm.mk_not(tm.mk_and(held))};
            const smt::Result r = s.check(some_violated);
            if (r == smt::Result::Unsat) break;
            std::size_t dropped = 0;
            if (r == smt::Result::Sat)
                for (std::size_t i = 0; i < post.size(); ++i) {
                    if (!alive[i]) continue;
                    const smt::Value v = s.model().evaluate(next[i]);
                    if (v.type == smt::Value::Type::Bool && !v.b) {
                        alive[i] = 0;
                        ++dropped;
                    }
                }
            if (dropped > 0) continue;
            // Undecided (C operators, the branch budget), or a model that falsifies none of
            // them: each on its own; what is not proved preserved is dropped.
            for (std::size_t i = 0; i < post.size(); ++i) {
                if (!alive[i]) continue;
                ++out.queries;
                const smt::Term violated[1] = {tm.mk_not(next[i])};
                if (s.check(violated) != smt::Result::Unsat) alive[i] = 0;
            }
            break;
        }
        std::vector<smt::Term> kept;
        for (std::size_t i = 0; i < post.size(); ++i)
            if (alive[i]) kept.push_back(post[i]);
        if (kept.size() != post.size()) {
            post = std::move(kept);
            for (EdgeId f : out_edges[p.edges[e].dst])
                if (!queued[f]) {
                    queued[f] = 1;
                    work.push_back(f);
                }
        }
    }
    out.kept = std::move(candidates);
    return out;
}

}  // namespace craig::verifier
