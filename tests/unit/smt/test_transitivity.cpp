// Eager transitivity: chordal completion of the equality graph, and its effect on a diamond.
#include <doctest/doctest.h>

#include <set>

#include "smt/solver.hpp"
#include "smt/transitivity.hpp"

using namespace craig::smt;

TEST_CASE("a 4-cycle gets one fill edge and two triangles") {
    TermManager tm;
    Sort U = tm.sorts().uninterpreted("U");
    Term v[4];
    for (int i = 0; i < 4; ++i) v[i] = tm.mk_const(tm.declare_fun("v" + std::to_string(i), {}, U));
    std::vector<Term> eqs;
    for (int i = 0; i < 4; ++i) eqs.push_back(tm.mk_eq(v[i], v[(i + 1) % 4]));
    auto tris = chordal_triangles(tm, eqs, 1000);
    CHECK(tris.size() == 2);
    // Every edge of every triangle is an input edge or the one chord.
    std::set<std::pair<uint32_t, uint32_t>> edges;
    for (auto& t : tris)
        for (int i = 0; i < 3; ++i) {
            uint32_t a = t[i].id, b = t[(i + 1) % 3].id;
            edges.insert({std::min(a, b), std::max(a, b)});
        }
    CHECK(edges.size() == 5);
    // The budget stops the elimination instead of exceeding it.
    CHECK(chordal_triangles(tm, eqs, 1).size() <= 1);
}

TEST_CASE("diamonds are refuted by the SAT solver alone") {
    TermManager tm;
    Sort U = tm.sorts().uninterpreted("U");
    const int n = 40;
    auto c = [&](const std::string& s) { return tm.mk_const(tm.declare_fun(s, {}, U)); };
    std::vector<Term> x, y, z;
    for (int i = 0; i <= n; ++i) x.push_back(c("x" + std::to_string(i)));
    for (int i = 0; i < n; ++i) {
        y.push_back(c("y" + std::to_string(i)));
        z.push_back(c("z" + std::to_string(i)));
    }
    SolverOptions o;
    o.check_certificates = true;
    Solver s(tm, o);
    for (int i = 0; i < n; ++i)
        s.assert_formula(tm.mk_or(tm.mk_and(tm.mk_eq(x[i], y[i]), tm.mk_eq(y[i], x[i + 1])),
                                  tm.mk_and(tm.mk_eq(x[i], z[i]), tm.mk_eq(z[i], x[i + 1]))));
    s.assert_formula(tm.mk_not(tm.mk_eq(x[0], x[n])));
    CHECK(s.check() == Result::Unsat);
    for (auto& [k, v] : s.statistics())
        if (k == "rounds") CHECK(std::stoul(v) <= 2);
}
