#include "itp/dag_interpolation.hpp"

#include <algorithm>
#include <stdexcept>

#include "itp/coloring.hpp"
#include "itp/interpolation.hpp"

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

namespace {

// reach[v][w]: w is reachable from v (v itself included), as flat bit rows.
struct Reachability {
  uint32_t n;
  std::vector<uint8_t> bits;
  bool operator()(uint32_t v, uint32_t w) const { return bits[static_cast<size_t>(v) * n + w]; }
};

Reachability reachability(uint32_t n, std::span<const DagEdge> edges, const std::vector<uint32_t>& order) {
  Reachability r{n, std::vector<uint8_t>(static_cast<size_t>(n) * n, 0)};
  std::vector<std::vector<uint32_t>> out(n);
  for (const DagEdge& e : edges) out[e.from].push_back(e.to);
  for (size_t i = order.size(); i-- > 0;) {
    uint32_t v = order[i];
    uint8_t* row = &r.bits[static_cast<size_t>(v) * n];
    row[v] = 1;
    for (uint32_t w : out[v]) {
      const uint8_t* sub = &r.bits[static_cast<size_t>(w) * n];
      for (uint32_t x = 0; x < n; ++x) row[x] |= sub[x];
    }
  }
  return r;
}

// "Some path from v to exit is satisfiable", with fresh control constants.
Term paths_to_exit(TermManager& tm, uint32_t v, uint32_t exit, std::span<const DagEdge> edges,
                   const Reachability& reach) {
  const uint32_t n = reach.n;
  std::vector<Term> visit(n);
  auto on_path = [&](uint32_t w) { return reach(v, w) && reach(w, exit); };
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

DagInterpolationResult dag_interpolants(TermManager& tm, uint32_t n, uint32_t entry, uint32_t exit,
                                        std::span<const DagEdge> edges, const ItpOptions& options,
                                        const smt::SolverOptions& solver_options) {
  if (entry >= n || exit >= n || entry == exit)
    throw std::invalid_argument("DAG interpolation needs distinct entry and exit vertices");
  const std::vector<uint32_t> order = topological_order(n, edges);
  const Reachability reach = reachability(n, edges, order);
  std::vector<std::vector<const DagEdge*>> in(n);
  for (const DagEdge& e : edges) in[e.to].push_back(&e);

  DagInterpolationResult r;
  r.at.assign(n, Term{});
  for (uint32_t v : order) {
    if (v == entry) { r.at[v] = tm.mk_true(); continue; }
    if (!reach(entry, v) || v == exit) { r.at[v] = tm.mk_false(); continue; }
    if (!reach(v, exit)) { r.at[v] = tm.mk_true(); continue; }
    std::vector<Term> incoming;
    for (const DagEdge* e : in[v])
      if (reach(entry, e->from)) incoming.push_back(tm.mk_and(r.at[e->from], e->label));
    Term a = tm.mk_or(incoming);
    if (a == tm.mk_false()) { r.at[v] = a; continue; }
    smt::SolverOptions so = solver_options;
    so.produce_proofs = true;
    so.produce_interpolants = true;
    so.produce_models = false;
    smt::Solver s(tm, so);
    const smt::AssertionId ia = s.assert_formula(a);
    const smt::AssertionId ib = s.assert_formula(paths_to_exit(tm, v, exit, edges, reach));
    ++r.queries;
    smt::Result res = s.check();
    if (res != smt::Result::Unsat) {
      r.at.clear();
      r.unknown_reason = res == smt::Result::Sat
                             ? "a path from entry to exit through vertex " + std::to_string(v) + " is satisfiable"
                             : "vertex " + std::to_string(v) + ": " + s.reason_unknown();
      return r;
    }
    std::vector<uint32_t> partition_of(std::max(ia, ib) + 1, kNoPartition);
    partition_of[ia] = 0;
    partition_of[ib] = 1;
    InterpolationResult itp = binary_interpolant(tm, s.proof(), partition_of, options);
    if (!itp.ok()) {
      r.at.clear();
      r.unknown_reason = "vertex " + std::to_string(v) + ": " + itp.unknown_reason;
      return r;
    }
    r.at[v] = itp.interpolants[0];
  }
  return r;
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
                 "I(" + std::to_string(e.from) + ") and L(" + std::to_string(e.from) + "," +
                     std::to_string(e.to) + ") imply I(" + std::to_string(e.to) + ")"))
      return rep;
  // Vocabulary: the symbols of I(v) occur on an edge that reaches v and on one reachable from v.
  const std::vector<uint32_t> order = topological_order(n, edges);
  const Reachability reach = reachability(n, edges, order);
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
        before = before || reach(edges[i].to, v);
        after = after || reach(v, edges[i].from);
      }
      if (!before || !after)
        return {DagCheckReport::Invalid, "I(" + std::to_string(v) + ") mentions " + tm.func(f).name +
                                             ", which is not on both sides of the vertex"};
    }
  }
  return rep;
}

}  // namespace craig::itp
