#include "itp/dag_per_vertex.hpp"

#include <algorithm>

#include "itp/interpolation.hpp"

namespace craig::itp {

using smt::Term;
using smt::TermManager;

namespace {

// "Some path from v to exit is satisfiable", with fresh control constants.
Term paths_to_exit(TermManager& tm, const DagGraph& g, uint32_t v, std::span<const DagEdge> edges) {
    const uint32_t n = g.size(), exit = g.exit();
    std::vector<Term> visit(n);
    auto on_path = [&](uint32_t w) { return g.reaches(v, w) && g.reaches(w, exit); };
    for (uint32_t w = 0; w < n; ++w)
        if (on_path(w)) visit[w] = tm.mk_const(tm.fresh_fun(".dag.r", {}, smt::SortTable::Bool));
    std::vector<Term> conj{visit[v]};
    std::vector<std::vector<Term>> choices(n);
    for (const DagEdge& e : edges) {
        if (!on_path(e.from) || !on_path(e.to) || e.from == exit) continue;
        Term take = tm.mk_const(tm.fresh_fun(".dag.t", {}, smt::SortTable::Bool));
        choices[e.from].push_back(take);
        conj.push_back(tm.mk_implies(take, tm.mk_and(visit[e.to], e.label)));
    }
    for (uint32_t w = 0; w < n; ++w)
        if (on_path(w) && w != exit) conj.push_back(tm.mk_implies(visit[w], tm.mk_or(choices[w])));
    return tm.mk_and(conj);
}

}  // namespace

VertexInterpolant per_vertex_interpolant(TermManager& tm, const DagGraph& g, std::span<const DagEdge> edges, uint32_t v,
                                         std::span<const Term> at, const ItpOptions& options,
                                         const smt::SolverOptions& solver_options) {
    std::vector<Term> incoming;
    for (uint32_t i : g.in(v))
        if (g.reaches(g.entry(), edges[i].from)) incoming.push_back(tm.mk_and(at[edges[i].from], edges[i].label));
    Term a = tm.mk_or(incoming);
    if (a == tm.mk_false()) return {a, {}, 0};
    smt::SolverOptions so = solver_options;
    so.produce_proofs = true;
    so.produce_interpolants = true;
    so.produce_models = false;
    smt::Solver s(tm, so);
    const smt::AssertionId ia = s.assert_formula(a);
    const smt::AssertionId ib = s.assert_formula(paths_to_exit(tm, g, v, edges));
    smt::Result res = s.check();
    if (res != smt::Result::Unsat)
        return {Term{},
                res == smt::Result::Sat
                    ? "a path from entry to exit through vertex " + std::to_string(v) + " is satisfiable"
                    : "vertex " + std::to_string(v) + ": " + s.reason_unknown(),
                1};
    std::vector<uint32_t> partition_of(std::max(ia, ib) + 1, kNoPartition);
    partition_of[ia] = 0;
    partition_of[ib] = 1;
    InterpolationResult itp = binary_interpolant(tm, s.proof(), partition_of, options);
    if (!itp.ok()) return {Term{}, "vertex " + std::to_string(v) + ": " + itp.unknown_reason, 1};
    return {itp.interpolants[0], {}, 1};
}

DagInterpolationResult dag_interpolants_per_vertex(TermManager& tm, const DagGraph& g, std::span<const DagEdge> edges,
                                                   const ItpOptions& options,
                                                   const smt::SolverOptions& solver_options) {
    DagInterpolationResult r;
    // Edges from entry straight to exit belong to no inner vertex's query: one check of their own.
    std::vector<Term> direct;
    for (uint32_t i : g.out(g.entry()))
        if (edges[i].to == g.exit()) direct.push_back(edges[i].label);
    if (!direct.empty()) {
        smt::SolverOptions so = solver_options;
        so.produce_proofs = so.produce_interpolants = so.produce_models = false;
        smt::Solver s(tm, so);
        s.assert_formula(tm.mk_or(direct));
        ++r.checks;
        const smt::Result res = s.check();
        if (res == smt::Result::Sat)
            r.unknown_reason = "an edge from entry to exit is satisfiable";
        else if (res != smt::Result::Unsat)
            r.unknown_reason = s.reason_unknown();
        if (!r.ok()) return r;
    }
    r.at.assign(g.size(), Term{});
    for (uint32_t v : g.order()) {
        if (v == g.entry()) {
            r.at[v] = tm.mk_true();
            continue;
        }
        if (!g.reaches(g.entry(), v) || v == g.exit()) {
            r.at[v] = tm.mk_false();
            continue;
        }
        if (!g.reaches(v, g.exit())) {
            r.at[v] = tm.mk_true();
            continue;
        }
        ++r.per_vertex_vertices;
        VertexInterpolant vi = per_vertex_interpolant(tm, g, edges, v, r.at, options, solver_options);
        r.queries += vi.queries;
        if (!vi.why.empty()) {
            r.at.clear();
            r.unknown_reason = vi.why;
            return r;
        }
        r.at[v] = vi.formula;
    }
    return r;
}

}  // namespace craig::itp
