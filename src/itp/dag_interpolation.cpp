#include "itp/dag_interpolation.hpp"

#include <algorithm>
#include <stdexcept>

#include "itp/coloring.hpp"
#include "itp/dag_graph.hpp"
#include "itp/dag_one_proof.hpp"
#include "itp/dag_per_vertex.hpp"

namespace craig::itp {

using smt::Term;
using smt::TermManager;

std::vector<uint32_t> topological_order(uint32_t n, std::span<const DagEdge> edges) {
    std::vector<uint32_t> indegree(n, 0);
    std::vector<std::vector<uint32_t>> out(n);
    for (const DagEdge& e : edges) {
        if (e.from >= n || e.to >= n) throw std::invalid_argument("DAG edge names a vertex out of range");
        out[e.from].push_back(e.to);
        ++indegree[e.to];
    }
    std::vector<uint32_t> order, ready;
    for (uint32_t v = 0; v < n; ++v)
        if (!indegree[v]) ready.push_back(v);
    while (!ready.empty()) {
        uint32_t v = ready.back();
        ready.pop_back();
        order.push_back(v);
        for (uint32_t w : out[v])
            if (--indegree[w] == 0) ready.push_back(w);
    }
    if (order.size() != n) throw std::invalid_argument("the graph has a cycle");
    return order;
}

DagInterpolationResult dag_interpolants(TermManager& tm, uint32_t n, uint32_t entry, uint32_t exit,
                                        std::span<const DagEdge> edges, const ItpOptions& options,
                                        const smt::SolverOptions& solver_options) {
    if (entry >= n || exit >= n || entry == exit)
        throw std::invalid_argument("DAG interpolation needs distinct entry and exit vertices");
    const DagGraph g(n, entry, exit, edges);
    return options.dag_route == DagRoute::OneProof ? dag_interpolants_one_proof(tm, g, edges, options, solver_options)
                                                   : dag_interpolants_per_vertex(tm, g, edges, options, solver_options);
}

DagCheckReport check_dag_interpolants(TermManager& tm, uint32_t n, uint32_t entry, uint32_t exit,
                                      std::span<const DagEdge> edges, std::span<const Term> at,
                                      const smt::SolverOptions& solver_options) {
    DagCheckReport rep;
    auto verdict = [&](Term premise, Term conclusion, const std::string& what) {
        smt::SolverOptions so = solver_options;
        so.produce_proofs = so.produce_interpolants = false;
        smt::Solver s(tm, so);
        s.assert_formula(premise);
        s.assert_formula(tm.mk_not(conclusion));
        smt::Result r = s.check();
        if (r == smt::Result::Unsat) return true;
        if (rep.outcome == DagCheckReport::Valid) {
            rep.outcome = r == smt::Result::Sat ? DagCheckReport::Invalid : DagCheckReport::Inconclusive;
            rep.why = what + (r == smt::Result::Sat ? " does not hold" : " is undecided: " + s.reason_unknown());
        }
        return false;
    };
    if (at.size() != n) return {DagCheckReport::Invalid, "one interpolant per vertex expected"};
    if (!verdict(tm.mk_true(), at[entry], "I(entry) = true")) return rep;
    if (!verdict(at[exit], tm.mk_false(), "I(exit) = false")) return rep;
    for (const DagEdge& e : edges)
        if (!verdict(tm.mk_and(at[e.from], e.label), at[e.to],
                     "I(" + std::to_string(e.from) + ") and L(" + std::to_string(e.from) + "," + std::to_string(e.to) +
                         ") imply I(" + std::to_string(e.to) + ")"))
            return rep;
    // Vocabulary: the symbols of I(v) occur on an edge that reaches v and on one reachable from v.
    const DagGraph g(n, entry, exit, edges);
    std::vector<std::vector<FuncId>> edge_syms(edges.size());
    for (size_t i = 0; i < edges.size(); ++i) collect_symbols(tm, edges[i].label, edge_syms[i]);
    for (uint32_t v = 0; v < n; ++v) {
        std::vector<FuncId> syms;
        collect_symbols(tm, at[v], syms);
        for (FuncId f : syms) {
            bool before = false, after = false;
            for (size_t i = 0; i < edges.size(); ++i) {
                bool has = std::find(edge_syms[i].begin(), edge_syms[i].end(), f) != edge_syms[i].end();
                if (!has) continue;
                before = before || g.reaches(edges[i].to, v);
                after = after || g.reaches(v, edges[i].from);
            }
            if (!before || !after)
                return {DagCheckReport::Invalid, "I(" + std::to_string(v) + ") mentions " + tm.func(f).name +
                                                     ", which is not on both sides of the vertex"};
        }
    }
    return rep;
}

}  // namespace craig::itp
