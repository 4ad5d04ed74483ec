#include "itp/dag_one_proof.hpp"
#include "itp/partition_map.hpp"

#include <algorithm>
#include <unordered_map>

#include "itp/coloring.hpp"
#include "itp/dag_per_vertex.hpp"
#include "itp/interpolation.hpp"
#include "itp/qe_lra.hpp"

namespace craig::itp {

using smt::Term;
using smt::TermManager;

namespace {

constexpr uint32_t kNone = UINT32_MAX;

// Where each data symbol occurs: the edges whose label mentions it.
class SymbolEdges {
public:
    SymbolEdges(const TermManager& tm, std::span<const DagEdge> edges) {
        std::vector<FuncId> syms;
        for (uint32_t i = 0; i < edges.size(); ++i) {
            syms.clear();
            collect_symbols(tm, edges[i].label, syms);
            for (FuncId f : syms) on_[f].push_back(i);
        }
    }
    // f occurs on an edge that reaches v (before), on one reachable from v (after).
    void sides(const DagGraph& g, std::span<const DagEdge> edges, FuncId f, uint32_t v, bool& before,
               bool& after) const {
        before = after = false;
        auto it = on_.find(f);
        if (it == on_.end()) return;
        for (uint32_t i : it->second) {
            before = before || g.reaches(edges[i].to, v);
            after = after || g.reaches(v, edges[i].from);
        }
    }

private:
    std::unordered_map<FuncId, std::vector<uint32_t>> on_;
};

// CLEAN (dag_one_proof.hpp): I(v) = ∃Y ∀X. ∧_{e out of v} J[b_e := true, other b := false].
QeResult clean(TermManager& tm, const DagGraph& g, std::span<const DagEdge> edges, const SymbolEdges& where, uint32_t v,
               Term j, const std::vector<Term>& control, const std::vector<uint32_t>& crossing, uint32_t& eliminated) {
    std::vector<Term> parts;
    for (uint32_t e : g.out(v)) {
        if (!control[e].valid()) continue;
        std::unordered_map<Term, Term, smt::TermHash> subst;
        for (uint32_t c : crossing) subst.emplace(control[c], tm.mk_bool(c == e));
        parts.push_back(tm.substitute(j, subst));
    }
    Term f = tm.mk_and(parts);
    std::vector<FuncId> syms, forall_syms, exists_syms;  // X and Y of the header
    collect_symbols(tm, f, syms);
    for (FuncId s : syms) {
        bool before, after;
        where.sides(g, edges, s, v, before, after);
        if (!after)
            exists_syms.push_back(s);
        else if (!before)
            forall_syms.push_back(s);
    }
    eliminated += static_cast<uint32_t>(forall_syms.size() + exists_syms.size());
    QeResult r = eliminate(tm, f, forall_syms, /*exists=*/false);
    if (!r.ok()) return r;
    return eliminate(tm, r.formula, exists_syms, /*exists=*/true);
}

// premise ⊨ conclusion, decided by a fresh solver without proofs (unknown counts as no).
bool entails(TermManager& tm, Term premise, Term conclusion, const smt::SolverOptions& solver_options) {
    smt::SolverOptions so = solver_options;
    so.produce_proofs = so.produce_interpolants = so.produce_models = false;
    smt::Solver s(tm, so);
    s.assert_formula(premise);
    s.assert_formula(tm.mk_not(conclusion));
    return s.check() == smt::Result::Unsat;
}

}  // namespace

DagInterpolationResult dag_interpolants_one_proof(TermManager& tm, const DagGraph& g, std::span<const DagEdge> edges,
                                                  const ItpOptions& options, const smt::SolverOptions& solver_options) {
    const uint32_t n = g.size(), entry = g.entry(), exit = g.exit();
    DagInterpolationResult r;
    r.at.assign(n, Term{});
    auto fail = [&](std::string why) {
        r.at.clear();
        r.unknown_reason = std::move(why);
        return r;
    };

    // Partitions: the vertices on entry-exit paths in topological order.
    std::vector<uint32_t> seq, pos(n, kNone);
    for (uint32_t v : g.order())
        if (g.relevant(v)) {
            pos[v] = static_cast<uint32_t>(seq.size());
            seq.push_back(v);
        }
    for (uint32_t v = 0; v < n; ++v)
        if (pos[v] == kNone) r.at[v] = tm.mk_bool(v == entry || (g.reaches(entry, v) && !g.reaches(v, exit)));
    if (seq.empty()) {  // the exit is unreachable
        r.at[exit] = tm.mk_false();
        return r;
    }

    std::vector<Term> visit(n), control(edges.size());
    for (uint32_t v : seq) visit[v] = tm.mk_const(tm.fresh_fun(".dag.r", {}, smt::SortTable::Bool));
    for (uint32_t i = 0; i < edges.size(); ++i)
        if (pos[edges[i].from] != kNone && pos[edges[i].to] != kNone)
            control[i] = tm.mk_const(tm.fresh_fun(".dag.b", {}, smt::SortTable::Bool));
    std::vector<std::vector<Term>> parts(seq.size());
    parts[0].push_back(visit[entry]);
    for (uint32_t v : seq) {
        if (v == exit) continue;
        std::vector<Term> choices;
        for (uint32_t e : g.out(v))
            if (control[e].valid()) choices.push_back(control[e]);
        parts[pos[v]].push_back(tm.mk_implies(visit[v], tm.mk_or(choices)));
    }
    for (uint32_t i = 0; i < edges.size(); ++i)
        if (control[i].valid())
            parts[pos[edges[i].to]].push_back(tm.mk_implies(control[i], tm.mk_and(visit[edges[i].to], edges[i].label)));

    smt::SolverOptions so = solver_options;
    so.produce_proofs = true;
    so.produce_interpolants = true;
    so.produce_models = false;
    smt::Solver solver(tm, so);
    PartitionMap partition_of;
    for (uint32_t k = 0; k < seq.size(); ++k) {
        partition_of.assert_in(solver, tm.mk_and(parts[k]), k);
    }
    ++r.queries;
    const smt::Result res = solver.check();
    if (res == smt::Result::Sat) return fail("a path from entry to exit is satisfiable");
    if (res != smt::Result::Unsat) return fail(solver.reason_unknown());
    r.at[entry] = tm.mk_true();
    r.at[exit] = tm.mk_false();
    if (seq.size() <= 2) return r;

    InterpolationResult seq_itp =
        sequence_interpolants(tm, solver.proof(), partition_of, static_cast<uint32_t>(seq.size()), options);
    r.checks += static_cast<uint32_t>(seq_itp.stats.local_checks);
    r.queries += static_cast<uint32_t>(seq_itp.stats.repaired_nodes);
    if (!seq_itp.ok()) r.fallback_reason = "no sequence interpolants: " + seq_itp.unknown_reason;

    const SymbolEdges where(tm, edges);
    std::vector<uint8_t> derived(n, 0);  // I(v) is ∃Y ∀X F_v (the induction of dag_one_proof.hpp)
    derived[entry] = 1;
    std::vector<uint32_t> crossing;
    for (uint32_t k = 1; k + 1 < seq.size(); ++k) {
        const uint32_t v = seq[k];
        if (seq_itp.ok()) {
            crossing.clear();
            for (uint32_t i = 0; i < edges.size(); ++i)
                if (control[i].valid() && pos[edges[i].from] <= k && pos[edges[i].to] > k) crossing.push_back(i);
            uint32_t eliminated = 0;
            QeResult c = clean(tm, g, edges, where, v, seq_itp.interpolants[k], control, crossing, eliminated);
            // The induction covers edges from cleaned predecessors; an edge from a fallback
            // predecessor is checked (one call without proofs for all of them).
            std::vector<Term> unproved;
            for (uint32_t e : g.in(v))
                if (pos[edges[e].from] != kNone && !derived[edges[e].from])
                    unproved.push_back(tm.mk_and(r.at[edges[e].from], edges[e].label));
            if (c.ok() && !unproved.empty()) {
                ++r.checks;
                if (!entails(tm, tm.mk_or(unproved), c.formula, solver_options))
                    c.why = "the edges from fallback predecessors do not imply the cleaned interpolant";
            }
            if (c.ok()) {
                r.at[v] = c.formula;
                derived[v] = 1;
                ++r.one_proof_vertices;
                r.eliminated_symbols += eliminated;
                continue;
            }
            if (r.fallback_reason.empty()) r.fallback_reason = "vertex " + std::to_string(v) + ": " + c.why;
        }
        ++r.per_vertex_vertices;
        VertexInterpolant vi = per_vertex_interpolant(tm, g, edges, v, r.at, options, solver_options);
        r.queries += vi.queries;
        if (!vi.why.empty()) return fail(vi.why);
        r.at[v] = vi.formula;
    }
    return r;
}

}  // namespace craig::itp
