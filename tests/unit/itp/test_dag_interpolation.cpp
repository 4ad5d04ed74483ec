#include <doctest/doctest.h>

#include <random>

#include "itp/coloring.hpp"
#include "itp/dag_interpolation.hpp"

using namespace craig;
using namespace craig::itp;
using smt::SortTable;
using smt::Term;

namespace {
struct Fix {
  smt::TermManager tm;
  Term var(const std::string& n) { return tm.mk_const(tm.declare_fun(n, {}, SortTable::Real)); }
  Term num(int v) { return tm.mk_numeral(v, SortTable::Real); }
  Term add(Term a, Term b) { return tm.mk_add(std::vector<Term>{a, b}); }
  void expect_valid(uint32_t n, uint32_t entry, uint32_t exit, const std::vector<DagEdge>& edges,
                    const ItpOptions& o = {}) {
    DagInterpolationResult r = dag_interpolants(tm, n, entry, exit, edges, o);
    INFO(r.unknown_reason);
    REQUIRE(r.ok());
    DagCheckReport c = check_dag_interpolants(tm, n, entry, exit, edges, r.at);
    INFO(c.why);
    CHECK(c.outcome == DagCheckReport::Valid);
  }
};
}  // namespace

TEST_CASE_FIXTURE(Fix, "DAG interpolants of a diamond (two branches of a program)") {
  // x0 = 0; if (*) x1 = x0 + 1 else x1 = x0 + 2; assert x1 > 0   (error: x1 <= 0)
  Term x0 = var("x0"), x1 = var("x1");
  std::vector<DagEdge> edges = {
      {0, 1, tm.mk_eq(x0, num(0))},
      {1, 2, tm.mk_eq(x1, add(x0, num(1)))},
      {1, 3, tm.mk_eq(x1, add(x0, num(2)))},
      {2, 4, tm.mk_true()},
      {3, 4, tm.mk_true()},
      {4, 5, tm.mk_leq(x1, num(0))},
  };
  expect_valid(6, 0, 5, edges);
  ItpOptions dual;
  dual.lra = LraSystem::DualFarkas;
  dual.boolean = BoolSystem::McMillanPrime;
  expect_valid(6, 0, 5, edges, dual);
  // I at the join vertex speaks of x1 only (x0 is not on any edge after it).
  DagInterpolationResult r = dag_interpolants(tm, 6, 0, 5, edges, {});
  REQUIRE(r.ok());
  std::vector<FuncId> syms;
  collect_symbols(tm, r.at[4], syms);
  CHECK(syms.size() == 1);
}

TEST_CASE_FIXTURE(Fix, "a satisfiable path gives no DAG interpolants") {
  Term x = var("x");
  std::vector<DagEdge> edges = {{0, 1, tm.mk_leq(x, num(1))}, {1, 2, tm.mk_geq(x, num(0))}};
  DagInterpolationResult r = dag_interpolants(tm, 3, 0, 2, edges, {});
  CHECK(!r.ok());
  CHECK_THROWS_AS(dag_interpolants(tm, 2, 0, 1, std::vector<DagEdge>{{0, 1, tm.mk_true()}, {1, 0, tm.mk_true()}}, {}),
                  std::invalid_argument);
}

TEST_CASE_FIXTURE(Fix, "random infeasible DAGs over SSA variables") {
  std::mt19937 rng(11);
  int checked = 0;
  for (int round = 0; round < 40; ++round) {
    const uint32_t n = 4 + rng() % 5;  // vertices 0..n-1 in topological order; entry 0, exit n-1
    std::vector<Term> v;  // one SSA variable per vertex: the value of x at that vertex
    for (uint32_t i = 0; i < n; ++i) v.push_back(var("x" + std::to_string(round) + "_" + std::to_string(i)));
    std::vector<DagEdge> edges;
    for (uint32_t i = 0; i + 1 < n; ++i) {
      uint32_t targets = 1 + rng() % 2;
      for (uint32_t k = 0; k < targets; ++k) {
        uint32_t j = i + 1 + rng() % std::min<uint32_t>(n - 1 - i, 2);
        int c = static_cast<int>(rng() % 5) - 1;
        // x_j = x_i + c, plus a guard on x_i sometimes
        Term label = tm.mk_eq(v[j], add(v[i], num(c)));
        if (rng() % 3 == 0) label = tm.mk_and(label, tm.mk_leq(v[i], num(static_cast<int>(rng() % 7))));
        edges.push_back({i, j, label});
      }
    }
    for (DagEdge& e : edges)  // x starts at 0 on every edge out of the entry
      if (e.from == 0) e.label = tm.mk_and(e.label, tm.mk_eq(v[0], num(0)));
    // Make the exit edge condition x < 0 at the last vertex: every path adds c >= -1 per step.
    std::vector<DagEdge> all = edges;
    for (DagEdge& e : all)
      if (e.to == n - 1) e.label = tm.mk_and(e.label, tm.mk_lt(v[n - 1], num(-static_cast<int>(n))));
    DagInterpolationResult r = dag_interpolants(tm, n, 0, n - 1, all, {});
    INFO("round " << round << ": " << r.unknown_reason);
    REQUIRE(r.ok());  // every path is infeasible: each step adds at least -1
    DagCheckReport c = check_dag_interpolants(tm, n, 0, n - 1, all, r.at);
    INFO("round " << round << ": " << c.why);
    CHECK(c.outcome == DagCheckReport::Valid);
    ++checked;
  }
  CHECK(checked == 40);
}
