#include "verifier/encoding/dag_refine.hpp"

#include <stdexcept>
#include <unordered_set>

#include "base/stopwatch.hpp"
#include "itp/dag_interpolation.hpp"
#include "itp/interpolant_size.hpp"
#include "itp/simplify.hpp"
#include "smt/solver.hpp"
#include "verifier/encoding/block_path.hpp"
#include "verifier/encoding/exact_check.hpp"
#include "verifier/encoding/path_encoding.hpp"
#include "verifier/encoding/checked_solver.hpp"

namespace craig::verifier {

namespace {

using smt::Term;

constexpr int kSimplifyLevel = 2;  // as impact's labels: constant propagation, bound subsumption
constexpr std::uint64_t kMaxSimplifiedNodes = 300;
constexpr std::uint64_t kMaxSimplifierSteps = 20000;  // as ufo's labels (ufo.cpp)

// Kahn's algorithm over the arcs; throws on a cycle.
std::vector<std::uint32_t> topological(const DagProblem& d) {
    std::vector<std::uint32_t> indegree(d.size, 0), order;
    std::vector<std::vector<std::uint32_t>> out(d.size);
    for (std::size_t a = 0; a < d.arcs.size(); ++a) {
        if (d.arcs[a].from >= d.size || d.arcs[a].to >= d.size)
            throw std::invalid_argument("refine_dag: arc out of range");
        ++indegree[d.arcs[a].to];
        out[d.arcs[a].from].push_back(d.arcs[a].to);
    }
    for (std::uint32_t v = 0; v < d.size; ++v)
        if (indegree[v] == 0) order.push_back(v);
    for (std::size_t i = 0; i < order.size(); ++i)
        for (std::uint32_t w : out[order[i]])
            if (--indegree[w] == 0) order.push_back(w);
    if (order.size() != d.size) throw std::invalid_argument("refine_dag: the arcs have a cycle");
    return order;
}

std::vector<Term> conjuncts(smt::TermManager& tm, Term f) {
    if (tm.kind(f) == smt::Kind::And) return {tm.children(f).begin(), tm.children(f).end()};
    if (f == tm.mk_true()) return {};
    return {f};
}

}  // namespace

DagRefinement refine_dag(const Program& blocks, const DagProblem& d, const DagRefineOptions& o,
                         const base::Budget& budget, DagRefineStats& stats) {
    smt::TermManager& tm = blocks.terms();
    const std::vector<std::uint32_t> order = topological(d);
    const bool restricted = !d.node_labels.empty();
    std::vector<bool> bad(d.size, false);
    for (std::uint32_t b : d.bad) bad.at(b) = true;

    // SSA states: a vertex with several incoming arcs is a join.
    constexpr std::uint32_t kNone = UINT32_MAX;
    PathEncoding enc(blocks);
    std::vector<PathEncoding::NodeId> node(d.size, kNone);
    std::vector<std::vector<std::uint32_t>> in(d.size);
    for (std::uint32_t a = 0; a < d.arcs.size(); ++a) in[d.arcs[a].to].push_back(a);
    std::vector<std::uint32_t> slot(d.arcs.size(), 0);  // the arc's index among its target's incoming
    for (std::uint32_t v : order) {
        const std::string tag = "@d" + std::to_string(v);
        if (v == d.entry) {
            node[v] = enc.add_root(tag);
            continue;
        }
        std::vector<PathEncoding::Incoming> inc;
        for (std::uint32_t a : in[v]) {
            if (node[d.arcs[a].from] == kNone) continue;  // from a vertex the entry does not reach
            slot[a] = static_cast<std::uint32_t>(inc.size());
            inc.push_back({node[d.arcs[a].from], d.arcs[a].block});
        }
        if (!inc.empty()) node[v] = enc.add_join(inc, tag);
    }

    // Edge labels as conjuncts (restricted: the source's label first).
    std::vector<std::vector<Term>> parts(d.arcs.size());
    for (std::uint32_t a = 0; a < d.arcs.size(); ++a) {
        const DagProblem::Arc& arc = d.arcs[a];
        if (node[arc.from] == kNone) continue;
        if (restricted && d.node_labels[arc.from] != tm.mk_true())
            for (Term c : conjuncts(tm, enc.at(node[arc.from], d.node_labels[arc.from]))) parts[a].push_back(c);
        for (Term c : conjuncts(tm, enc.steps(node[arc.to])[slot[a]])) parts[a].push_back(c);
    }

    smt::Solver s(tm, checked_solver_options(o, budget));
    // One assumption literal per conjunct: p ⇒ conjunct.
    std::vector<std::vector<Term>> lit(d.arcs.size());
    std::vector<Term> assumptions;
    std::vector<OperatorRefinement> ops;
    ops.reserve(d.arcs.size());
    std::vector<Term> control(d.size);
    for (std::uint32_t v = 0; v < d.size; ++v)
        control[v] = tm.mk_const(tm.fresh_fun("ufo.c" + std::to_string(v), {}, smt::SortTable::Bool));
    std::vector<std::vector<Term>> out_choice(d.size);
    for (std::uint32_t a = 0; a < d.arcs.size(); ++a) {
        ops.emplace_back(tm);
        if (node[d.arcs[a].from] == kNone) continue;
        std::vector<Term> guarded{control[d.arcs[a].to]};
        for (Term c : parts[a]) {
            const Term p = tm.mk_const(tm.fresh_fun("ufo.p", {}, smt::SortTable::Bool));
            lit[a].push_back(p);
            assumptions.push_back(p);
            guarded.push_back(tm.mk_implies(p, c));
            ops[a].scan(c);
        }
        out_choice[d.arcs[a].from].push_back(tm.mk_and(guarded));
    }
    s.assert_formula(control[d.entry]);
    for (std::uint32_t v = 0; v < d.size; ++v)
        if (!bad[v] && node[v] != kNone) s.assert_formula(tm.mk_implies(control[v], tm.mk_or(out_choice[v])));

    std::vector<std::vector<Term>> instances(d.arcs.size());
    ++stats.queries;
    const auto t0 = std::chrono::steady_clock::now();
    const ExactCheck c =
        exact_check(s, ops, assumptions, o.operator_rounds,
                    [&](std::size_t g, smt::AssertionId, Term lemma) { instances[g].push_back(lemma); });
    stats.operator_instances += c.instances;
    stats.solve_seconds += base::seconds_since(t0);
    DagRefinement r;
    if (c.result == smt::Result::Unknown) {
        r.reason = c.out_of_rounds ? "operator refinement budget on the ARG" : c.why(s);
        return r;
    }
    if (c.result == smt::Result::Sat) {
        // A path through the model: from the entry, an arc whose target's control and label hold.
        const smt::Model& m = s.model();
        std::vector<EdgeId> path;
        std::vector<AuxRenaming> renamed;
        std::uint32_t v = d.entry;
        while (!bad[v]) {
            std::uint32_t next = kNone;
            for (std::uint32_t a = 0; a < d.arcs.size() && next == kNone; ++a) {
                if (d.arcs[a].from != v || node[v] == kNone || node[d.arcs[a].to] == kNone) continue;
                if (!m.evaluate(control[d.arcs[a].to]).b) continue;
                bool holds = true;
                for (Term p : parts[a]) holds = holds && m.evaluate(p).b;
                if (holds) next = a;
            }
            if (next == kNone) {
                r.reason = "internal: the model of the ARG's condition has no path";
                return r;
            }
            path.push_back(d.arcs[next].block);
            renamed.push_back(enc.renamed(node[d.arcs[next].to], slot[next]));
            v = d.arcs[next].to;
        }
        r.kind = DagRefinement::Kind::Feasible;
        r.bad_vertex = v;
        r.cex = block_path_counterexample(blocks, path, renamed, m);
        return r;
    }

    // Unsat: keep the conjuncts of the last unsat core (each round from the previous one).
    std::unordered_set<Term, smt::TermHash> needed;
    if (o.core_rounds == 0) {
        needed.insert(assumptions.begin(), assumptions.end());
    } else {
        std::vector<Term> core = s.unsat_assumptions();
        for (unsigned round = 1; round < o.core_rounds && !budget.exhausted(); ++round) {
            ++stats.queries;
            const auto t1 = std::chrono::steady_clock::now();
            const smt::Result again = s.check(core);
            stats.solve_seconds += base::seconds_since(t1);
            if (again != smt::Result::Unsat) break;
            std::vector<Term> smaller = s.unsat_assumptions();
            if (smaller.size() >= core.size()) break;
            core = std::move(smaller);
        }
        needed.insert(core.begin(), core.end());
    }
    std::vector<itp::DagEdge> edges;
    for (std::uint32_t a = 0; a < d.arcs.size(); ++a) {
        if (node[d.arcs[a].from] == kNone) continue;
        std::vector<Term> label;
        for (std::size_t i = 0; i < parts[a].size(); ++i) {
            if (needed.count(lit[a][i])) {
                label.push_back(parts[a][i]);
                ++stats.kept_literals;
            } else {
                ++stats.pruned_literals;
            }
        }
        label.insert(label.end(), instances[a].begin(), instances[a].end());
        edges.push_back({d.arcs[a].from, d.arcs[a].to, tm.mk_and(label)});
    }
    const std::uint32_t exit = d.size;  // one exit after every bad vertex
    for (std::uint32_t b : d.bad)
        if (node[b] != kNone) edges.push_back({b, exit, tm.mk_true()});

    const auto t2 = std::chrono::steady_clock::now();
    smt::SolverOptions io;
    io.check_models = o.check_models;
    io.check_certificates = o.check_certificates;
    io.sat_integration = o.sat_integration;
    io.deadline = budget.deadline();
    itp::ItpOptions itp = o.itp;
    itp.deadline = budget.deadline();
    itp::DagInterpolationResult dr = itp::dag_interpolants(tm, d.size + 1, d.entry, exit, edges, itp, io);
    // Where a proof cannot be interpolated (a lemma mixing both sides of a cut: integer cuts, as
    // impact found for paths), solve again without cuts, then with one proof per vertex.
    for (const bool per_vertex : {false, true}) {
        if (dr.ok() || budget.exhausted()) break;
        ++stats.route_fallbacks;
        io.lia_cuts = false;
        if (per_vertex) itp.dag_route = itp::DagRoute::PerVertex;
        dr = itp::dag_interpolants(tm, d.size + 1, d.entry, exit, edges, itp, io);
    }
    stats.interpolation_seconds += base::seconds_since(t2);
    stats.itp_queries += dr.queries + dr.checks;
    stats.one_proof_vertices += dr.one_proof_vertices;
    stats.per_vertex_vertices += dr.per_vertex_vertices;
    if (!dr.ok()) {
        r.reason = "DAG interpolation: " + dr.unknown_reason;
        return r;
    }
    const auto t3 = std::chrono::steady_clock::now();
    struct Clock {  // clean_seconds on every way out of the loop
        std::chrono::steady_clock::time_point t;
        double& into;
        ~Clock() { into += base::seconds_since(t); }
    } clock{t3, stats.clean_seconds};
    r.labels.assign(d.size, tm.mk_false());
    for (std::uint32_t v = 0; v < d.size; ++v) {
        if (node[v] == kNone) continue;  // the entry does not reach it
        const std::optional<Term> back = enc.to_cur(node[v], dr.at[v]);
        if (!back) {
            r.reason = "a DAG interpolant has symbols other than the program variables";
            return r;
        }
        // Large interpolants are kept as they are (the simplifier's cost grows steeply with them).
        Term label = itp::term_size(tm, *back).dag_nodes > kMaxSimplifiedNodes
                         ? *back
                         : itp::simplify_interpolant(tm, *back, kSimplifyLevel, kMaxSimplifierSteps);
        if (restricted) label = tm.mk_and(label, d.node_labels[v]);
        r.labels[v] = bad[v] ? tm.mk_false() : label;
    }
    r.labels[d.entry] = restricted ? d.node_labels[d.entry] : tm.mk_true();
    r.kind = DagRefinement::Kind::Refined;
    return r;
}

}  // namespace craig::verifier
