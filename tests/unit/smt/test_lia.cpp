// Integer arithmetic through the DPLL(T) loop: GCD test, Gomory cuts (checked), branch and
// bound with its budget, div/mod/abs/to_int definitions; every model and certificate checked.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "smt/lia_certificate.hpp"
#include "smt/solver.hpp"

using namespace craig::smt;

namespace {

SolverOptions checked(bool cuts = true, uint64_t budget = 20000) {
    SolverOptions o;
    o.check_models = true;
    o.check_certificates = true;
    o.lia_cuts = cuts;
    o.lia_branch_budget = budget;
    return o;
}

uint64_t stat(const Solver& s, const std::string& key) {
    for (const auto& [k, v] : s.statistics())
        if (k == key) return std::stoull(v);
    FAIL("no statistic " << key);
    return 0;
}

struct Ints {
    TermManager tm;
    Term var(const std::string& name) { return tm.mk_const(tm.declare_fun(name, {}, SortTable::Int)); }
    Term num(long v) { return tm.mk_numeral(mpq_class(v), SortTable::Int); }
    // Σ c_i·x_i
    Term sum(std::vector<std::pair<long, Term>> ms) {
        std::vector<Term> parts;
        for (auto [c, x] : ms) parts.push_back(tm.mk_scale(mpq_class(c), x));
        return tm.mk_add(parts);
    }
};

}  // namespace

TEST_CASE("GCD: 2x + 4y = 3 and equations that combine to an odd multiple of 2") {
    Ints I;
    Term x = I.var("x"), y = I.var("y"), z = I.var("z");
    {
        Solver s(I.tm, checked());
        s.assert_formula(I.tm.mk_eq(I.sum({{2, x}, {4, y}}), I.num(3)));
        CHECK(s.check() == Result::Unsat);
    }
    // x + 2y = 1 and x = 2z: 2y + 2z = 1. Each equation alone is fine; the tableau row that
    // combines them fails the GCD test (no cuts, no branching needed).
    for (bool cuts : {false, true}) {
        CAPTURE(cuts);
        Solver s(I.tm, checked(cuts, 10));
        s.assert_formula(I.tm.mk_eq(I.sum({{1, x}, {2, y}}), I.num(1)));
        s.assert_formula(I.tm.mk_eq(x, I.sum({{2, z}})));
        CHECK(s.check() == Result::Unsat);
        CHECK(stat(s, "lia-gcd-conflicts") >= 1);
    }
    // With room for the free variables, the same equations are satisfiable.
    Solver s(I.tm, checked());
    Term w = I.var("w");
    s.assert_formula(I.tm.mk_eq(I.sum({{1, x}, {2, y}}), I.num(1)));
    s.assert_formula(I.tm.mk_eq(x, I.sum({{2, z}, {3, w}})));
    CHECK(s.check() == Result::Sat);
}

TEST_CASE("cuts decide an unbounded strip where branch and bound diverges") {
    // 1 + z <= 3(x - y) <= 2 - z, z >= 0: the relaxation has x - y = 1/2 and branching on x or y
    // only shifts the other; over the integers 1 <= 3(x - y) <= 2 has no solution.
    Ints I;
    Term x = I.var("x"), y = I.var("y"), z = I.var("z");
    auto assert_strip = [&](Solver& s) {
        s.assert_formula(I.tm.mk_geq(I.sum({{3, x}, {-3, y}, {-1, z}}), I.num(1)));
        s.assert_formula(I.tm.mk_leq(I.sum({{3, x}, {-3, y}, {1, z}}), I.num(2)));
        s.assert_formula(I.tm.mk_geq(z, I.num(0)));
    };
    Solver with_cuts(I.tm, checked(true, 200));
    assert_strip(with_cuts);
    CHECK(with_cuts.check() == Result::Unsat);
    CHECK(stat(with_cuts, "lia-cuts") >= 1);

    Solver without(I.tm, checked(false, 200));
    assert_strip(without);
    CHECK(without.check() == Result::Unknown);
    CHECK(without.reason_unknown() == "integer branch budget");
}

TEST_CASE("the branch budget gives unknown, never a wrong answer, and is per check-sat") {
    Ints I;
    Term x = I.var("x"), y = I.var("y"), z = I.var("z");
    Solver s(I.tm, checked(false, 50));
    s.assert_formula(I.tm.mk_geq(I.sum({{3, x}, {-3, y}, {-1, z}}), I.num(1)));
    s.assert_formula(I.tm.mk_leq(I.sum({{3, x}, {-3, y}, {1, z}}), I.num(2)));
    s.push();
    s.assert_formula(I.tm.mk_geq(z, I.num(0)));
    CHECK(s.check() == Result::Unknown);
    CHECK(s.reason_unknown() == "integer branch budget");
    CHECK(stat(s, "lia-branches") <= 50);
    s.pop();
    // z = -1 makes 0 <= 3(x - y) <= 3 solvable: the budget starts afresh for this check.
    s.assert_formula(I.tm.mk_eq(z, I.num(-1)));
    REQUIRE(s.check() == Result::Sat);
    mpq_class d = s.model().evaluate(x).q - s.model().evaluate(y).q;
    CHECK((d == 0 || d == 1));
}

TEST_CASE("branch and bound finds integer points in bounded polytopes, with and without cuts") {
    for (bool cuts : {false, true}) {
        CAPTURE(cuts);
        Ints I;
        Term x = I.var("x"), y = I.var("y");
        Solver s(I.tm, checked(cuts));
        // 2x + 3y = 17 has the integer solutions (1 + 3t, 5 - 2t), where 4x - y = 14t - 1: none in
        // [7, 9] (the relaxation has some), exactly (4, 3) in [12, 14].
        s.assert_formula(I.tm.mk_eq(I.sum({{2, x}, {3, y}}), I.num(17)));
        s.assert_formula(I.tm.mk_leq(I.num(7), I.sum({{4, x}, {-1, y}})));
        s.assert_formula(I.tm.mk_leq(I.sum({{4, x}, {-1, y}}), I.num(9)));
        CHECK(s.check() == Result::Unsat);
        Solver t(I.tm, checked(cuts));
        t.assert_formula(I.tm.mk_eq(I.sum({{2, x}, {3, y}}), I.num(17)));
        t.assert_formula(I.tm.mk_leq(I.num(12), I.sum({{4, x}, {-1, y}})));
        t.assert_formula(I.tm.mk_leq(I.sum({{4, x}, {-1, y}}), I.num(14)));
        REQUIRE(t.check() == Result::Sat);
        CHECK(t.model().evaluate(x).q == 4);
        CHECK(t.model().evaluate(y).q == 3);
    }
}

TEST_CASE("div and mod by constants follow SMT-LIB (the remainder is never negative)") {
    Ints I;
    TermManager& tm = I.tm;
    Term x = I.var("x");
    struct Case {
        long x, k, div, mod;
    };
    // x = k·(div x k) + (mod x k), 0 <= mod < |k|.
    for (Case c : {Case{7, 2, 3, 1}, Case{-7, 2, -4, 1}, Case{7, -2, -3, 1}, Case{-7, -2, 4, 1}, Case{-6, 3, -2, 0},
                   Case{5, 7, 0, 5}, Case{-5, 7, -1, 2}, Case{-5, -7, 1, 2}}) {
        CAPTURE(c.x);
        CAPTURE(c.k);
        Term q = tm.mk_int_div(x, I.num(c.k)), r = tm.mk_mod(x, I.num(c.k));
        Solver s(tm, checked());
        s.assert_formula(tm.mk_eq(x, I.num(c.x)));
        REQUIRE(s.check() == Result::Sat);
        CHECK(s.model().evaluate(q).q == c.div);
        CHECK(s.model().evaluate(r).q == c.mod);
        // Any other value is refuted.
        s.push();
        s.assert_formula(tm.mk_not(tm.mk_eq(q, I.num(c.div))));
        CHECK(s.check() == Result::Unsat);
        s.pop();
        s.push();
        s.assert_formula(tm.mk_not(tm.mk_eq(r, I.num(c.mod))));
        CHECK(s.check() == Result::Unsat);
        s.pop();
    }
    // Reasoning through div and mod: mod x 4 = 3 and mod x 2 = 0 contradict each other.
    Solver s(tm, checked());
    s.assert_formula(tm.mk_eq(tm.mk_mod(x, I.num(4)), I.num(3)));
    s.assert_formula(tm.mk_eq(tm.mk_mod(x, I.num(2)), I.num(0)));
    CHECK(s.check() == Result::Unsat);
    // x = 3·(div x 3) for x in [10, 11] is impossible; with x in [10, 12] it forces x = 12.
    Solver t(tm, checked());
    t.assert_formula(tm.mk_eq(x, tm.mk_scale(mpq_class(3), tm.mk_int_div(x, I.num(3)))));
    t.assert_formula(tm.mk_leq(I.num(10), x));
    t.push();
    t.assert_formula(tm.mk_leq(x, I.num(11)));
    CHECK(t.check() == Result::Unsat);
    t.pop();
    t.assert_formula(tm.mk_leq(x, I.num(12)));
    REQUIRE(t.check() == Result::Sat);
    CHECK(t.model().evaluate(x).q == 12);
}

TEST_CASE("abs and to_int") {
    TermManager tm;
    Term x = tm.mk_const(tm.declare_fun("x", {}, SortTable::Int));
    Term r = tm.mk_const(tm.declare_fun("r", {}, SortTable::Real));
    auto inum = [&](long v) { return tm.mk_numeral(mpq_class(v), SortTable::Int); };
    auto rnum = [&](long n, long d) { return tm.mk_numeral(mpq_class(n, d), SortTable::Real); };
    Solver s(tm, checked());
    s.assert_formula(tm.mk_eq(tm.mk_abs(x), inum(5)));
    s.assert_formula(tm.mk_lt(x, inum(0)));
    REQUIRE(s.check() == Result::Sat);
    CHECK(s.model().evaluate(x).q == -5);
    s.assert_formula(tm.mk_lt(tm.mk_abs(x), inum(5)));
    CHECK(s.check() == Result::Unsat);

    Solver t(tm, checked());
    t.assert_formula(tm.mk_eq(r, rnum(-3, 2)));
    REQUIRE(t.check() == Result::Sat);
    CHECK(t.model().evaluate(tm.mk_to_int(r)).q == -2);
    t.assert_formula(tm.mk_eq(tm.mk_to_int(r), inum(-1)));
    CHECK(t.check() == Result::Unsat);

    // to_int(r) = 2 and r < 2 contradict each other; to_int(r) = 2 and r - 2 >= 1 too.
    Solver u(tm, checked());
    u.assert_formula(tm.mk_eq(tm.mk_to_int(r), inum(2)));
    u.push();
    u.assert_formula(tm.mk_lt(r, rnum(2, 1)));
    CHECK(u.check() == Result::Unsat);
    u.pop();
    u.assert_formula(tm.mk_geq(r, rnum(3, 1)));
    CHECK(u.check() == Result::Unsat);
}

TEST_CASE("division by a variable stays opaque: unknown, not a wrong answer") {
    Ints I;
    Term x = I.var("x"), y = I.var("y");
    Solver s(I.tm, checked());
    s.assert_formula(I.tm.mk_eq(I.tm.mk_int_div(x, y), I.num(3)));
    CHECK(s.check() == Result::Unknown);
}

TEST_CASE("integer lemma checker: accepts a valid split justification, rejects invalid ones") {
    Ints I;
    TermManager& tm = I.tm;
    Term x = I.var("x"), y = I.var("y"), z = I.var("z");
    // x + 2y = 1, x - 2z = 0 (as literals): no integer solution. Split on y + z <= 0 or >= 1.
    Term e1 = tm.mk_eq(I.sum({{1, x}, {2, y}}), I.num(1));
    Term e2 = tm.mk_eq(I.sum({{1, x}, {-2, z}}), I.num(0));
    std::vector<LiaLiteral> lits = {{e1, true}, {e2, true}};
    std::string why;
    Term split = I.sum({{1, y}, {1, z}});
    CHECK(check_lia_lemma(tm, lits, split, mpq_class(0), tm.mk_false(), &why));
    // A fractional split bound, a split that misses the gap, a missing literal, a Real split.
    CHECK_FALSE(check_lia_lemma(tm, lits, I.sum({{1, y}, {1, z}}), mpq_class(1, 2), tm.mk_false(), &why));
    CHECK_FALSE(check_lia_lemma(tm, lits, split, mpq_class(3), tm.mk_false(), &why));
    std::vector<LiaLiteral> one = {lits[0]};
    CHECK_FALSE(check_lia_lemma(tm, one, split, mpq_class(0), tm.mk_false(), &why));
    CHECK_FALSE(check_lia_lemma(tm, lits, tm.mk_to_real(y), mpq_class(0), tm.mk_false(), &why));

    // A cut: 3x - 3y >= 1 + z, z >= 0 imply x - y >= 1 (split x - y <= 0 or >= 1).
    Term a1 = tm.mk_geq(I.sum({{3, x}, {-3, y}, {-1, z}}), I.num(1));
    Term a2 = tm.mk_geq(z, I.num(0));
    auto lit = [&](Term t) {
        return tm.kind(t) == Kind::Not ? LiaLiteral{tm.child(t, 0), false} : LiaLiteral{t, true};
    };
    std::vector<LiaLiteral> cut_lits = {lit(a1), lit(a2)};
    Term diff = I.sum({{1, x}, {-1, y}});
    CHECK(check_lia_lemma(tm, cut_lits, diff, mpq_class(0), tm.mk_geq(diff, I.num(1)), &why));
    // x - y >= 2 does not follow.
    CHECK_FALSE(check_lia_lemma(tm, cut_lits, diff, mpq_class(0), tm.mk_geq(diff, I.num(2)), &why));
}
