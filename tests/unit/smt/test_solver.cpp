#include <doctest/doctest.h>

#include "smt/solver.hpp"

using namespace craig::smt;

namespace {
struct Uf {
    TermManager tm;
    Sort U = tm.sorts().uninterpreted("U");
    FuncId fn = tm.declare_fun("f", {U}, U);
    FuncId pred = tm.declare_fun("p", {U}, SortTable::Bool);
    FuncId g2 = tm.declare_fun("g", {U, SortTable::Bool}, U);
    Term a = tm.mk_const(tm.declare_fun("a", {}, U));
    Term b = tm.mk_const(tm.declare_fun("b", {}, U));
    Term c = tm.mk_const(tm.declare_fun("c", {}, U));
    Term x = tm.mk_const(tm.declare_fun("x", {}, SortTable::Bool));
    Term fa(Term t) { return tm.mk_app(fn, std::vector<Term>{t}); }
    Term p(Term t) { return tm.mk_app(pred, std::vector<Term>{t}); }
    Term g(Term t, Term bo) { return tm.mk_app(g2, std::vector<Term>{t, bo}); }
    SolverOptions checked() {
        SolverOptions o;
        o.check_models = true;
        o.check_certificates = true;
        return o;
    }
};
}  // namespace

TEST_CASE_FIXTURE(Uf, "congruence makes f(a) = f(b) from a = b") {
    Solver s(tm, checked());
    s.assert_formula(tm.mk_eq(a, b));
    s.assert_formula(tm.mk_not(tm.mk_eq(fa(a), fa(b))));
    CHECK(s.check() == Result::Unsat);
}

TEST_CASE_FIXTURE(Uf, "the classic f^3(a) = a, f^5(a) = a implies f(a) = a") {
    Solver s(tm, checked());
    s.assert_formula(tm.mk_eq(fa(fa(fa(a))), a));
    s.assert_formula(tm.mk_eq(fa(fa(fa(fa(fa(a))))), a));
    s.push();
    s.assert_formula(tm.mk_not(tm.mk_eq(fa(a), a)));
    CHECK(s.check() == Result::Unsat);
    s.pop();
    CHECK(s.check() == Result::Sat);
    CHECK(s.model().evaluate(tm.mk_eq(fa(a), a)).b);
}

TEST_CASE_FIXTURE(Uf, "Boolean structure with theory atoms needs several rounds") {
    Solver s(tm, checked());
    // (a = b or a = c) and fa(a) != fa(b) and fa(a) != fa(c)  is unsat.
    s.assert_formula(tm.mk_or(tm.mk_eq(a, b), tm.mk_eq(a, c)));
    s.assert_formula(tm.mk_not(tm.mk_eq(fa(a), fa(b))));
    s.assert_formula(tm.mk_not(tm.mk_eq(fa(a), fa(c))));
    CHECK(s.check() == Result::Unsat);
}

TEST_CASE_FIXTURE(Uf, "sat models satisfy the assertions") {
    Solver s(tm, checked());
    s.assert_formula(tm.mk_or(tm.mk_eq(a, b), tm.mk_eq(a, c)));
    s.assert_formula(tm.mk_not(tm.mk_eq(b, c)));
    s.assert_formula(tm.mk_eq(fa(a), c));
    s.assert_formula(p(fa(b)));
    REQUIRE(s.check() == Result::Sat);
    const Model& m = s.model();
    CHECK(m.evaluate(tm.mk_eq(fa(a), c)).b);
    CHECK(m.evaluate(p(fa(b))).b);
    CHECK_FALSE(m.evaluate(tm.mk_eq(b, c)).b);
}

TEST_CASE_FIXTURE(Uf, "Boolean-valued functions and Boolean arguments") {
    Solver s(tm, checked());
    s.assert_formula(tm.mk_eq(a, b));
    s.assert_formula(p(a));
    s.assert_formula(tm.mk_not(p(b)));
    CHECK(s.check() == Result::Unsat);

    Solver s2(tm, checked());
    // x and (a = b) as arguments: g(c, x) != g(c, a = b) forces x != (a = b).
    s2.assert_formula(tm.mk_not(tm.mk_eq(g(c, x), g(c, tm.mk_eq(a, b)))));
    s2.assert_formula(x);
    REQUIRE(s2.check() == Result::Sat);
    CHECK_FALSE(s2.model().evaluate(tm.mk_eq(a, b)).b);
    s2.assert_formula(tm.mk_eq(a, b));
    CHECK(s2.check() == Result::Unsat);
}

TEST_CASE_FIXTURE(Uf, "term-level ite") {
    Solver s(tm, checked());
    Term t = tm.mk_ite(x, a, b);
    s.assert_formula(tm.mk_not(tm.mk_eq(t, a)));
    s.assert_formula(tm.mk_not(tm.mk_eq(t, b)));
    CHECK(s.check() == Result::Unsat);

    Solver s2(tm, checked());
    s2.assert_formula(tm.mk_eq(fa(t), c));
    s2.assert_formula(tm.mk_not(tm.mk_eq(fa(a), c)));
    REQUIRE(s2.check() == Result::Sat);
    CHECK_FALSE(s2.model().evaluate(x).b);
}

TEST_CASE_FIXTURE(Uf, "distinct over three terms") {
    Solver s(tm, checked());
    Term d[3] = {a, b, c};
    s.assert_formula(tm.mk_distinct(d));
    s.assert_formula(tm.mk_or(tm.mk_eq(fa(a), b), tm.mk_eq(fa(a), c)));
    REQUIRE(s.check() == Result::Sat);
    s.assert_formula(tm.mk_eq(fa(a), a));
    CHECK(s.check() == Result::Unsat);
}

TEST_CASE_FIXTURE(Uf, "unsat cores from tracked assertions and assumptions") {
    Solver s(tm, checked());
    AssertionId i0 = s.assert_formula(tm.mk_eq(a, b), true);
    s.assert_formula(tm.mk_eq(b, c), true);
    AssertionId i2 = s.assert_formula(tm.mk_not(tm.mk_eq(fa(a), fa(b))), true);
    REQUIRE(s.check() == Result::Unsat);
    auto core = s.unsat_core();
    CHECK(core.size() == 2);
    CHECK(std::find(core.begin(), core.end(), i0) != core.end());
    CHECK(std::find(core.begin(), core.end(), i2) != core.end());

    Solver s2(tm, checked());
    s2.assert_formula(tm.mk_implies(x, tm.mk_eq(a, b)));
    s2.assert_formula(tm.mk_not(tm.mk_eq(fa(a), fa(b))));
    Term y = tm.mk_const(tm.declare_fun("y", {}, SortTable::Bool));
    Term assume[2] = {y, x};
    REQUIRE(s2.check(assume) == Result::Unsat);
    auto failed = s2.unsat_assumptions();
    REQUIRE(failed.size() == 1);
    CHECK(failed[0] == x);
    CHECK(s2.check() == Result::Sat);
}

TEST_CASE_FIXTURE(Uf, "push, pop and reset_assertions") {
    Solver s(tm, checked());
    s.assert_formula(tm.mk_eq(a, b));
    s.push();
    s.assert_formula(tm.mk_not(tm.mk_eq(a, b)));
    CHECK(s.check() == Result::Unsat);
    s.pop();
    CHECK(s.scope_level() == 0);
    CHECK(s.check() == Result::Sat);
    s.reset_assertions();
    s.assert_formula(tm.mk_not(tm.mk_eq(a, b)));
    CHECK(s.check() == Result::Sat);
}

TEST_CASE_FIXTURE(Uf, "an expired deadline gives unknown") {
    SolverOptions o;
    o.deadline = std::chrono::steady_clock::now() - std::chrono::seconds(1);
    Solver s(tm, o);
    s.assert_formula(tm.mk_eq(a, b));
    CHECK(s.check() == Result::Unknown);
    CHECK(s.reason_unknown() == "timeout");
}
