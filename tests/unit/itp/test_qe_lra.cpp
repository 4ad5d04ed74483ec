// Quantifier elimination (itp/qe_lra.hpp): hand cases, and random formulas compared with an
// independent elimination (Ferrante–Rackoff test points, no infinitesimals), every equivalence
// decided by the craig solver.
#include <doctest/doctest.h>

#include <random>

#include "itp/coloring.hpp"
#include "itp/qe_lra.hpp"
#include "smt/solver.hpp"

using namespace craig;
using namespace craig::itp;
using smt::SortTable;
using smt::Term;

namespace {

struct Qe {
    smt::TermManager tm;
    FuncId fx = tm.declare_fun("x", {}, SortTable::Real);
    FuncId fy = tm.declare_fun("y", {}, SortTable::Real);
    FuncId fz = tm.declare_fun("z", {}, SortTable::Real);
    Term x = tm.mk_const(fx), y = tm.mk_const(fy), z = tm.mk_const(fz);
    Term num(int v) { return tm.mk_numeral(v, SortTable::Real); }
    Term add(Term a, Term b) { return tm.mk_add(std::vector<Term>{a, b}); }
    smt::Result check(Term f) {
        smt::Solver s(tm);
        s.assert_formula(f);
        return s.check();
    }
    bool equivalent(Term a, Term b) { return check(tm.mk_not(tm.mk_eq(a, b))) == smt::Result::Unsat; }
    Term exists_x(Term phi) {
        QeResult r = exists_real(tm, fx, phi);
        INFO(r.why);
        REQUIRE(r.ok());
        std::vector<FuncId> syms;
        collect_symbols(tm, r.formula, syms);
        CHECK(std::find(syms.begin(), syms.end(), fx) == syms.end());
        return r.formula;
    }
};

}  // namespace

TEST_CASE_FIXTURE(Qe, "bounds: strict, non-strict, and no bound on one side") {
    // ∃x. y < x ∧ x < z  ≡  y < z
    CHECK(equivalent(exists_x(tm.mk_and(tm.mk_lt(y, x), tm.mk_lt(x, z))), tm.mk_lt(y, z)));
    // ∃x. y <= x ∧ x <= z  ≡  y <= z
    CHECK(equivalent(exists_x(tm.mk_and(tm.mk_leq(y, x), tm.mk_leq(x, z))), tm.mk_leq(y, z)));
    // ∃x. y <= x ∧ x < z  ≡  y < z
    CHECK(equivalent(exists_x(tm.mk_and(tm.mk_leq(y, x), tm.mk_lt(x, z))), tm.mk_lt(y, z)));
    // ∃x. 2x <= y ∧ 3x >= z + 1  ≡  (z + 1)/3 <= y/2
    CHECK(equivalent(exists_x(tm.mk_and(tm.mk_leq(tm.mk_scale(2, x), y), tm.mk_geq(tm.mk_scale(3, x), add(z, num(1))))),
                     tm.mk_leq(tm.mk_scale(2, add(z, num(1))), tm.mk_scale(3, y))));
    // Only lower bounds, only upper bounds: true.
    CHECK(exists_x(tm.mk_and(tm.mk_lt(y, x), tm.mk_leq(z, x))) == tm.mk_true());
    CHECK(exists_x(tm.mk_and(tm.mk_lt(x, y), tm.mk_leq(x, z))) == tm.mk_true());
    // Contradictory constant bounds: false.
    CHECK(equivalent(exists_x(tm.mk_and(tm.mk_lt(x, num(1)), tm.mk_gt(x, num(1)))), tm.mk_false()));
    CHECK(equivalent(exists_x(tm.mk_and(tm.mk_leq(x, num(1)), tm.mk_geq(x, num(1)))), tm.mk_true()));
    // x does not occur: unchanged.
    Term g = tm.mk_lt(y, z);
    CHECK(exists_x(g) == g);
}

TEST_CASE_FIXTURE(Qe, "equalities and disequalities") {
    // ∃x. x = y + 1 ∧ x <= z  ≡  y + 1 <= z
    CHECK(equivalent(exists_x(tm.mk_and(tm.mk_eq(x, add(y, num(1))), tm.mk_leq(x, z))), tm.mk_leq(add(y, num(1)), z)));
    // ∃x. x = y ∧ x = z  ≡  y = z
    CHECK(equivalent(exists_x(tm.mk_and(tm.mk_eq(x, y), tm.mk_eq(x, z))), tm.mk_eq(y, z)));
    // ∃x. x ≠ y ∧ y <= x ∧ x <= z  ≡  y < z
    Term neq = tm.mk_not(tm.mk_eq(x, y));
    CHECK(equivalent(exists_x(tm.mk_and(std::vector<Term>{neq, tm.mk_leq(y, x), tm.mk_leq(x, z)})), tm.mk_lt(y, z)));
    // ∃x. distinct(x, y, z) ∧ y <= x <= y: false (x = y)
    Term d = tm.mk_distinct(std::vector<Term>{x, y, z});
    CHECK(equivalent(exists_x(tm.mk_and(std::vector<Term>{d, tm.mk_leq(y, x), tm.mk_leq(x, y)})), tm.mk_false()));
    // ∃x. distinct(x, y, z)  ≡  y ≠ z
    CHECK(equivalent(exists_x(d), tm.mk_not(tm.mk_eq(y, z))));
}

TEST_CASE_FIXTURE(Qe, "nested and/or/not, implications, iff, ite and Boolean atoms") {
    Term p = tm.mk_const(tm.declare_fun("p", {}, SortTable::Bool));
    // ∃x. ¬(x <= y) ∧ (x < z ∨ p)  ≡  y < z ∨ p
    Term phi = tm.mk_and(tm.mk_not(tm.mk_leq(x, y)), tm.mk_or(tm.mk_lt(x, z), p));
    CHECK(equivalent(exists_x(phi), tm.mk_or(tm.mk_lt(y, z), p)));
    // ∃x. (x > y ⇒ x < 0) ∧ (x > y): y < 0
    Term imp = tm.mk_and(tm.mk_implies(tm.mk_gt(x, y), tm.mk_lt(x, num(0))), tm.mk_gt(x, y));
    CHECK(equivalent(exists_x(imp), tm.mk_lt(y, num(0))));
    // ∃x. (x <= y ⇔ x <= z) ∧ y < x ∧ ¬(x > z): false... x in (y, z] makes x<=y false and x<=z true.
    Term iff = tm.mk_and(
        std::vector<Term>{tm.mk_eq(tm.mk_leq(x, y), tm.mk_leq(x, z)), tm.mk_lt(y, x), tm.mk_not(tm.mk_gt(x, z))});
    CHECK(equivalent(exists_x(iff), tm.mk_false()));
    // ∃x. ite(p, x < y, x > z) ∧ x = 0  ≡  ite(p, 0 < y, 0 > z)
    Term ite = tm.mk_and(tm.mk_ite(p, tm.mk_lt(x, y), tm.mk_gt(x, z)), tm.mk_eq(x, num(0)));
    CHECK(equivalent(exists_x(ite), tm.mk_ite(p, tm.mk_lt(num(0), y), tm.mk_gt(num(0), z))));
}

TEST_CASE_FIXTURE(Qe, "several variables, both quantifiers, Booleans by cofactoring") {
    Term b = tm.mk_const(tm.declare_fun("b", {}, SortTable::Bool));
    // ∃x ∃y. z < x ∧ x < y ∧ y < 3  ≡  z < 3
    Term phi = tm.mk_and(std::vector<Term>{tm.mk_lt(z, x), tm.mk_lt(x, y), tm.mk_lt(y, num(3))});
    const FuncId xy[2] = {fx, fy};
    QeResult r = eliminate(tm, phi, xy, true);
    REQUIRE(r.ok());
    CHECK(equivalent(r.formula, tm.mk_lt(z, num(3))));
    // ∀x. x < y ∨ x >= z  ≡  z <= y
    QeResult f = eliminate(tm, tm.mk_or(tm.mk_lt(x, y), tm.mk_geq(x, z)), std::span<const FuncId>(&fx, 1), false);
    REQUIRE(f.ok());
    CHECK(equivalent(f.formula, tm.mk_leq(z, y)));
    // ∃b. (b ∧ x < 0) ∨ (¬b ∧ x > 1)  ≡  x < 0 ∨ x > 1;  ∀b: false
    Term bb = tm.mk_or(tm.mk_and(b, tm.mk_lt(x, num(0))), tm.mk_and(tm.mk_not(b), tm.mk_gt(x, num(1))));
    const FuncId fb = tm.func_of(b);
    QeResult eb = eliminate(tm, bb, std::span<const FuncId>(&fb, 1), true);
    REQUIRE(eb.ok());
    CHECK(equivalent(eb.formula, tm.mk_or(tm.mk_lt(x, num(0)), tm.mk_gt(x, num(1)))));
    QeResult ab = eliminate(tm, bb, std::span<const FuncId>(&fb, 1), false);
    REQUIRE(ab.ok());
    CHECK(equivalent(ab.formula, tm.mk_false()));
}

TEST_CASE_FIXTURE(Qe, "what cannot be eliminated is refused with a reason") {
    FuncId fi = tm.declare_fun("i", {}, SortTable::Int);
    Term i = tm.mk_const(fi);
    CHECK(!eliminate(tm, tm.mk_leq(i, num(0)), std::span<const FuncId>(&fi, 1), true).ok());
    smt::Sort u = tm.sorts().uninterpreted("U");
    FuncId ff = tm.declare_fun("f", {SortTable::Real}, u);
    FuncId fc = tm.declare_fun("c", {}, u);
    Term fx_eq = tm.mk_eq(tm.mk_app(ff, std::vector<Term>{x}), tm.mk_const(fc));
    QeResult r = exists_real(tm, fx, tm.mk_and(fx_eq, tm.mk_leq(x, y)));
    CHECK(!r.ok());
    CHECK(!eliminate(tm, fx_eq, std::span<const FuncId>(&fc, 1), true).ok());
    CHECK(!eliminate(tm, fx_eq, std::span<const FuncId>(&ff, 1), true).ok());
    FuncId fg = tm.declare_fun("g", {SortTable::Real}, SortTable::Real);
    Term under_g = tm.mk_leq(tm.mk_app(fg, std::vector<Term>{x}), y);
    CHECK(!exists_real(tm, fx, under_g).ok());
}

// Random φ over x, y, z; ∃x.φ by virtual substitution against Ferrante–Rackoff: for fixed y, z
// the truth of φ is constant between consecutive boundary points e_i of its atoms, so
// ∃x.φ ≡ ∨ φ[x := t] over t ∈ {e_i, (e_i + e_j)/2, e_i − 1, e_i + 1} (any t when there is no
// e_i). Both sides are quantifier-free over y, z; the solver decides their equivalence, so a
// wrong elimination (too strong or too weak anywhere) fails the test.
TEST_CASE_FIXTURE(Qe, "random formulas: virtual substitution agrees with Ferrante-Rackoff") {
    std::mt19937 rng(7);
    auto coef = [&](int lo, int hi) { return lo + static_cast<int>(rng() % static_cast<unsigned>(hi - lo + 1)); };
    int checked = 0, nontrivial = 0;
    for (int round = 0; round < 300; ++round) {
        std::vector<Term> bounds;  // the boundary points of the atoms
        auto atom = [&]() -> Term {
            int cx = coef(-3, 3), cy = coef(-2, 2), cz = coef(-2, 2), k = coef(-4, 4);
            if (cx == 0) cx = 1;
            std::vector<smt::Monomial> rest;
            if (cy) rest.push_back({cy, y});
            if (cz) rest.push_back({cz, z});
            Term t = tm.mk_linear(rest, k, SortTable::Real);
            std::vector<smt::Monomial> e;
            if (cy) e.push_back({mpq_class(-cy, 1) / cx, y});
            if (cz) e.push_back({mpq_class(-cz, 1) / cx, z});
            bounds.push_back(tm.mk_linear(e, mpq_class(-k, 1) / cx, SortTable::Real));
            Term lhs = add(tm.mk_scale(cx, x), t);
            switch (rng() % 4) {
                case 0: return tm.mk_leq(lhs, num(0));
                case 1: return tm.mk_lt(lhs, num(0));
                case 2: return tm.mk_eq(lhs, num(0));
                default: return tm.mk_not(tm.mk_eq(lhs, num(0)));
            }
        };
        // A random Boolean combination of 2..5 atoms.
        std::vector<Term> pool;
        const int atoms = 2 + static_cast<int>(rng() % 4);
        for (int i = 0; i < atoms; ++i) pool.push_back(atom());
        while (pool.size() > 1) {
            Term a = pool.back();
            pool.pop_back();
            Term b = pool.back();
            pool.pop_back();
            Term c;
            switch (rng() % 5) {
                case 0: c = tm.mk_or(a, b); break;
                case 1: c = tm.mk_not(tm.mk_and(a, b)); break;
                case 2: c = tm.mk_implies(a, b); break;
                case 3: c = tm.mk_eq(a, b); break;
                default: c = tm.mk_and(a, b); break;
            }
            pool.insert(pool.begin() + static_cast<long>(rng() % (pool.size() + 1)), c);
        }
        const Term phi = pool[0];
        std::vector<Term> points;
        for (size_t i = 0; i < bounds.size(); ++i) {
            points.push_back(bounds[i]);
            points.push_back(add(bounds[i], num(1)));
            points.push_back(add(bounds[i], num(-1)));
            for (size_t j = i + 1; j < bounds.size(); ++j)
                points.push_back(tm.mk_scale(mpq_class(1, 2), add(bounds[i], bounds[j])));
        }
        std::vector<Term> some, all;
        for (Term t : points) {
            std::unordered_map<Term, Term, smt::TermHash> s{{x, t}};
            some.push_back(tm.substitute(phi, s));
            all.push_back(tm.substitute(phi, s));
        }
        const Term fr_exists = tm.mk_or(some), fr_forall = tm.mk_and(all);
        const Term vs_exists = exists_x(phi);
        QeResult vs_forall = eliminate(tm, phi, std::span<const FuncId>(&fx, 1), false);
        REQUIRE(vs_forall.ok());
        INFO("round " << round);
        CHECK(equivalent(vs_exists, fr_exists));
        CHECK(equivalent(vs_forall.formula, fr_forall));
        // And directly: φ ⇒ ∃x.φ.
        CHECK(check(tm.mk_and(phi, tm.mk_not(vs_exists))) == smt::Result::Unsat);
        ++checked;
        if (vs_exists != tm.mk_true() && vs_exists != tm.mk_false()) ++nontrivial;
    }
    CHECK(checked == 300);
    CHECK(nontrivial > 30);
}
