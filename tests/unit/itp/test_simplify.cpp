#include <doctest/doctest.h>

#include <random>

#include "itp/interpolant_size.hpp"
#include "itp/simplify.hpp"
#include "smt/solver.hpp"
#include "term_fixture.hpp"

using namespace craig;
using namespace craig::itp;
using smt::Term;

namespace {
struct Fix : test::TermFixture {
    Term x = real("x"), y = real("y"), p = boolc("p"), q = boolc("q");
    bool equivalent(Term a, Term b) {
        smt::Solver s(tm);
        s.assert_formula(tm.mk_not(tm.mk_eq(a, b)));
        return s.check() == smt::Result::Unsat;
    }
};
}  // namespace

TEST_CASE_FIXTURE(Fix, "sizes count DAG nodes, atoms and symbols") {
    Term f = tm.mk_and(tm.mk_leq(x, num(3)), tm.mk_or(p, tm.mk_leq(x, num(3))));
    TermSize s = term_size(tm, f);
    CHECK(s.atoms == 2);    // x <= 3, p
    CHECK(s.symbols == 2);  // x, p
    CHECK(s.dag_nodes >= 5);
}

TEST_CASE_FIXTURE(Fix, "levels: context, bounds, redundancy") {
    Term a = tm.mk_leq(x, num(3));
    Term f = tm.mk_and(a, tm.mk_or(p, tm.mk_not(a)));  // a ∧ (p ∨ ¬a)  =  a ∧ p
    CHECK(simplify_interpolant(tm, f, 0) == f);
    CHECK(simplify_interpolant(tm, f, 1) == tm.mk_and(a, p));
    Term g = tm.mk_and(tm.mk_leq(x, num(3)), tm.mk_leq(x, num(5)));
    CHECK(simplify_interpolant(tm, g, 1) == g);
    CHECK(simplify_interpolant(tm, g, 2) == tm.mk_leq(x, num(3)));
    Term h = tm.mk_or(
        std::vector<Term>{tm.mk_lt(x, num(3)), tm.mk_leq(x, num(3)), tm.mk_gt(x, num(7)), tm.mk_geq(x, num(9))});
    CHECK(simplify_interpolant(tm, h, 2) == tm.mk_or(tm.mk_leq(x, num(3)), tm.mk_gt(x, num(7))));
    // x <= y and y <= 0 imply x <= 0: level 3 drops the implied conjunct.
    Term r = tm.mk_and(std::vector<Term>{tm.mk_leq(x, y), tm.mk_leq(y, num(0)), tm.mk_leq(x, num(0))});
    Term r3 = simplify_interpolant(tm, r, 3);
    CHECK(term_size(tm, r3).atoms == 2);
    CHECK(equivalent(r, r3));
}

TEST_CASE_FIXTURE(Fix, "random formulas keep their meaning at every level") {
    std::mt19937 rng(7);
    std::vector<Term> atoms = {p, q};
    for (int c = -2; c <= 2; ++c) {
        atoms.push_back(tm.mk_leq(x, num(c)));
        atoms.push_back(tm.mk_lt(y, num(c)));
        atoms.push_back(tm.mk_leq(tm.mk_add(std::vector<Term>{x, y}), num(c)));
    }
    auto random_formula = [&](auto& self, int depth) -> Term {
        if (depth == 0 || rng() % 4 == 0) {
            Term a = atoms[rng() % atoms.size()];
            return rng() % 2 ? a : tm.mk_not(a);
        }
        std::vector<Term> kids;
        int n = 2 + static_cast<int>(rng() % 3);
        for (int i = 0; i < n; ++i) kids.push_back(self(self, depth - 1));
        switch (rng() % 3) {
            case 0: return tm.mk_and(kids);
            case 1: return tm.mk_or(kids);
            default: return tm.mk_ite(kids[0], kids[1], kids.back());
        }
    };
    int shrunk = 0;
    for (int i = 0; i < 150; ++i) {
        Term f = random_formula(random_formula, 4);
        uint64_t before = term_size(tm, f).atoms;
        for (int level = 1; level <= 3; ++level) {
            Term g = simplify_interpolant(tm, f, level);
            INFO("formula " << i << " level " << level);
            CHECK(equivalent(f, g));
            CHECK(term_size(tm, g).atoms <= before);
            if (level == 3 && term_size(tm, g).dag_nodes < term_size(tm, f).dag_nodes) ++shrunk;
        }
    }
    CHECK(shrunk > 0);
}
