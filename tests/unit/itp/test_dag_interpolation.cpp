#include <doctest/doctest.h>

#include <random>

#include "itp/coloring.hpp"
#include "itp/dag_interpolation.hpp"
#include "term_fixture.hpp"

using namespace craig;
using namespace craig::itp;
using smt::SortTable;
using smt::Term;

namespace {
struct Fix : test::TermFixture {
    // Both routes; the result of the route `o` names.
    DagInterpolationResult expect_valid(uint32_t n, uint32_t entry, uint32_t exit, const std::vector<DagEdge>& edges,
                                        ItpOptions o = {}) {
        DagInterpolationResult chosen;
        for (DagRoute route : {DagRoute::PerVertex, DagRoute::OneProof}) {
            ItpOptions ro = o;
            ro.dag_route = route;
            DagInterpolationResult r = dag_interpolants(tm, n, entry, exit, edges, ro);
            INFO(name(route) << ": " << r.unknown_reason);
            REQUIRE(r.ok());
            DagCheckReport c = check_dag_interpolants(tm, n, entry, exit, edges, r.at);
            INFO(c.why);
            CHECK(c.outcome == DagCheckReport::Valid);
            if (route == o.dag_route) chosen = r;
        }
        return chosen;
    }
};
}  // namespace

TEST_CASE_FIXTURE(Fix, "DAG interpolants of a diamond (two branches of a program)") {
    // x0 = 0; if (*) x1 = x0 + 1 else x1 = x0 + 2; assert x1 > 0   (error: x1 <= 0)
    Term x0 = real("x0"), x1 = real("x1");
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
    Term x = real("x");
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
        std::vector<Term> v;               // one SSA variable per vertex: the value of x at that vertex
        for (uint32_t i = 0; i < n; ++i) v.push_back(real("x" + std::to_string(round) + "_" + std::to_string(i)));
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
        INFO("round " << round);
        DagInterpolationResult r = expect_valid(n, 0, n - 1, all);  // every step adds at least -1
        CHECK(r.per_vertex_vertices == 0);                          // Real variables only: every cleaning succeeds
        ++checked;
    }
    CHECK(checked == 40);
}

TEST_CASE_FIXTURE(Fix, "one proof: a diamond needs one solver call") {
    Term x0 = real("x0"), x1 = real("x1");
    std::vector<DagEdge> edges = {
        {0, 1, tm.mk_eq(x0, num(0))},
        {1, 2, tm.mk_eq(x1, add(x0, num(1)))},
        {1, 3, tm.mk_eq(x1, add(x0, num(2)))},
        {2, 4, tm.mk_true()},
        {3, 4, tm.mk_true()},
        {4, 5, tm.mk_leq(x1, num(0))},
    };
    DagInterpolationResult r = expect_valid(6, 0, 5, edges);
    CHECK(r.one_proof_vertices == 4);
    CHECK(r.per_vertex_vertices == 0);
    CHECK(r.queries == 1);
    ItpOptions pv;
    pv.dag_route = DagRoute::PerVertex;
    DagInterpolationResult q = expect_valid(6, 0, 5, edges, pv);
    CHECK(q.queries == 4);
    CHECK(q.per_vertex_vertices == 4);
}

TEST_CASE_FIXTURE(Fix, "one proof: parallel branches whose symbols are out of each other's scope") {
    // 0 → 1 → 3 over y, 0 → 2 → 3 over x; vertex 1 comes first in the order, so the cut after
    // vertex 2 shares y (0→1 before it, 1→3 after it) although y is out of vertex 2's scope.
    Term x = real("x"), y = real("y");
    std::vector<DagEdge> edges = {
        {0, 2, tm.mk_eq(x, num(0))},
        {0, 1, tm.mk_eq(y, num(1))},
        {1, 3, tm.mk_gt(y, num(2))},
        {2, 3, tm.mk_gt(x, num(1))},
    };
    DagInterpolationResult r = expect_valid(4, 0, 3, edges);
    CHECK(r.queries == 1);
    CHECK(r.one_proof_vertices == 2);
    // A bypass edge 0 → 4 over z and y around the chain 0 → 1 → 2 → 4 over y.
    Term y0 = real("y0"), y1 = real("y1"), z = real("z");
    std::vector<DagEdge> bypass = {
        {0, 1, tm.mk_and(tm.mk_eq(y0, num(0)), tm.mk_eq(z, num(3)))},
        {1, 2, tm.mk_eq(y1, add(y0, num(1)))},
        {2, 4, tm.mk_lt(y1, num(0))},
        {1, 3, tm.mk_lt(y0, z)},
        {3, 4, tm.mk_gt(y0, z)},
        {0, 4, tm.mk_and(tm.mk_gt(z, num(1)), tm.mk_lt(z, num(0)))},
    };
    DagInterpolationResult b = expect_valid(5, 0, 4, bypass);
    CHECK(b.per_vertex_vertices == 0);
    MESSAGE("parallel: " << r.eliminated_symbols << " eliminated, bypass: " << b.eliminated_symbols);
}

TEST_CASE_FIXTURE(Fix, "one proof: Boolean-only DAGs") {
    Term p0 = boolc("p0"), p1 = boolc("p1"), p2 = boolc("p2"), q = boolc("q");
    // p0 := true; p1 := p0 xor q or p1 := p0; p2 := p1 ∨ q; error if ¬p2 ∧ ¬q... infeasible.
    std::vector<DagEdge> edges = {
        {0, 1, p0},
        {1, 2, tm.mk_eq(p1, tm.mk_xor(p0, q))},
        {1, 3, tm.mk_eq(p1, p0)},
        {2, 4, tm.mk_eq(p2, tm.mk_or(p1, q))},
        {3, 4, tm.mk_eq(p2, p1)},
        {4, 5, tm.mk_not(p2)},
    };
    DagInterpolationResult r = expect_valid(6, 0, 5, edges);
    CHECK(r.queries == 1);
    CHECK(r.one_proof_vertices == 4);
}

TEST_CASE_FIXTURE(Fix, "one proof: uninterpreted functions, and symbols that cannot be eliminated") {
    FuncId f = tm.declare_fun("f", {U}, U);
    Term a0 = uc("a0"), a1 = uc("a1"), b0 = uc("b0"), b1 = uc("b1"), c = uc("c");
    // Two branches, each keeping its own variables; c is on the edges out of the entry and into
    // the exit of both branches.
    std::vector<DagEdge> edges = {
        {0, 2, tm.mk_eq(b0, c)},
        {0, 1, tm.mk_eq(a0, c)},
        {1, 3, tm.mk_eq(a1, app(f, a0))},
        {2, 4, tm.mk_eq(b1, app(f, b0))},
        {3, 5, tm.mk_not(tm.mk_eq(a1, app(f, c)))},
        {4, 5, tm.mk_not(tm.mk_eq(b1, app(f, c)))},
    };
    DagInterpolationResult r = expect_valid(6, 0, 5, edges);
    CHECK(r.one_proof_vertices + r.per_vertex_vertices == 4);
    CHECK(r.queries == 1 + r.per_vertex_vertices);
    MESSAGE("UF: " << r.one_proof_vertices << " from the proof, " << r.per_vertex_vertices << " fallbacks, "
                   << r.eliminated_symbols << " eliminated; " << r.fallback_reason);
    // Int-sorted bypass symbols: the same shape over Int.
    Term i0 = integer("i0"), i1 = integer("i1"), j0 = integer("j0"), j1 = integer("j1"), k = integer("k");
    Term one = tm.mk_numeral(1, SortTable::Int);
    std::vector<DagEdge> ints = {
        {0, 2, tm.mk_eq(j0, k)},
        {0, 1, tm.mk_eq(i0, k)},
        {1, 3, tm.mk_eq(i1, tm.mk_add(std::vector<Term>{i0, one}))},
        {2, 4, tm.mk_eq(j1, tm.mk_add(std::vector<Term>{j0, one}))},
        {3, 5, tm.mk_leq(i1, k)},
        {4, 5, tm.mk_leq(j1, k)},
    };
    DagInterpolationResult ri = expect_valid(6, 0, 5, ints);
    CHECK(ri.one_proof_vertices + ri.per_vertex_vertices == 4);
    // The bypass shape of the LRA test above over Int: the cut after vertex 2 shares y0 and z,
    // which are out of its scope and cannot be eliminated over Int (with this proof: the cut's
    // interpolant mentions them), so vertex 2 falls back to its own proof.
    Term y0 = integer("y0"), y1 = integer("y1"), z = integer("z");
    std::vector<DagEdge> bypass = {
        {0, 1, tm.mk_and(tm.mk_eq(y0, inum(0)), tm.mk_eq(z, inum(3)))},
        {1, 2, tm.mk_eq(y1, tm.mk_add(std::vector<Term>{y0, one}))},
        {2, 4, tm.mk_lt(y1, inum(0))},
        {1, 3, tm.mk_lt(y0, z)},
        {3, 4, tm.mk_gt(y0, z)},
        {0, 4, tm.mk_and(tm.mk_gt(z, inum(1)), tm.mk_lt(z, inum(0)))},
    };
    DagInterpolationResult rb = expect_valid(5, 0, 4, bypass);
    CHECK(rb.one_proof_vertices + rb.per_vertex_vertices == 3);
    CHECK(rb.per_vertex_vertices >= 1);
    CHECK(rb.queries == 1 + rb.per_vertex_vertices);
    MESSAGE("Int bypass: " << rb.one_proof_vertices << " from the proof, " << rb.per_vertex_vertices << " fallbacks; "
                           << rb.fallback_reason);
    MESSAGE("Int: " << ri.one_proof_vertices << " from the proof, " << ri.per_vertex_vertices << " fallbacks, "
                    << ri.eliminated_symbols << " eliminated; " << ri.fallback_reason);
}

TEST_CASE_FIXTURE(Fix, "one proof: a satisfiable path and an unreachable exit") {
    Term x = real("x");
    ItpOptions o;
    std::vector<DagEdge> sat = {{0, 1, tm.mk_leq(x, num(1))}, {1, 2, tm.mk_geq(x, num(0))}, {0, 2, tm.mk_false()}};
    DagInterpolationResult r = dag_interpolants(tm, 3, 0, 2, sat, o);
    CHECK(!r.ok());
    // A direct entry-exit edge that is feasible: the one query sees it.
    std::vector<DagEdge> direct = {{0, 1, tm.mk_geq(x, num(0))}};
    CHECK(!dag_interpolants(tm, 2, 0, 1, direct, o).ok());
    // The per-vertex route has no inner vertex to ask here: it checks direct edges on their own.
    ItpOptions pv;
    pv.dag_route = DagRoute::PerVertex;
    CHECK(!dag_interpolants(tm, 2, 0, 1, direct, pv).ok());
    std::vector<DagEdge> direct_unsat = {{0, 1, tm.mk_and(tm.mk_geq(x, num(0)), tm.mk_lt(x, num(0)))},
                                         {0, 2, tm.mk_geq(x, num(0))},
                                         {2, 1, tm.mk_lt(x, num(0))}};
    expect_valid(3, 0, 1, direct_unsat);
    // The exit is unreachable: every reachable vertex may be true.
    std::vector<DagEdge> cut = {{0, 1, tm.mk_geq(x, num(0))}};
    DagInterpolationResult u = dag_interpolants(tm, 3, 0, 2, cut, o);
    REQUIRE(u.ok());
    CHECK(u.queries == 0);
    CHECK(check_dag_interpolants(tm, 3, 0, 2, cut, u.at).outcome == DagCheckReport::Valid);
}

TEST_CASE_FIXTURE(Fix, "one proof: vertices after a fallback are cleaned again, their edges from it checked") {
    // Three diamonds; the right branch i takes x_{i+1} = f(x_i) with f(x_i) >= x_i + 1, so the
    // cut after a right branch shares x_i under f where x_i is out of scope (not eliminable):
    // that vertex falls back, and the join after it is cleaned from the proof with its edge from
    // the fallback checked.
    FuncId f = tm.declare_fun("f", {SortTable::Real}, SortTable::Real);
    const uint32_t k = 3;
    std::vector<Term> x;
    for (uint32_t i = 0; i <= k; ++i) x.push_back(real("x" + std::to_string(i)));
    auto join = [](uint32_t i) { return 1 + 3 * i; };
    std::vector<DagEdge> edges = {{0, join(0), tm.mk_eq(x[0], num(0))}};
    for (uint32_t i = 0; i < k; ++i) {
        Term fx = tm.mk_app(f, std::vector<Term>{x[i]});
        edges.push_back({join(i), join(i) + 1, tm.mk_eq(x[i + 1], add(x[i], num(1)))});
        edges.push_back({join(i), join(i) + 2, tm.mk_and(tm.mk_eq(x[i + 1], fx), tm.mk_geq(fx, add(x[i], num(1))))});
        edges.push_back({join(i) + 1, join(i + 1), tm.mk_true()});
        edges.push_back({join(i) + 2, join(i + 1), tm.mk_true()});
    }
    edges.push_back({join(k), join(k) + 1, tm.mk_lt(x[k], num(static_cast<int>(k)))});
    DagInterpolationResult r = expect_valid(join(k) + 2, 0, join(k) + 1, edges);
    MESSAGE("UF ladder: " << r.one_proof_vertices << " from the proof, " << r.per_vertex_vertices << " fallbacks, "
                          << r.checks << " checks; " << r.fallback_reason);
    CHECK(r.one_proof_vertices + r.per_vertex_vertices == 3 * k + 1);
    CHECK(r.queries == 1 + r.per_vertex_vertices);
    CHECK(r.per_vertex_vertices < 3 * k);  // the fallbacks did not take over the rest of the DAG
}
