// Invariants rewritten for readers (witness/readable_formula.hpp): the simplifier is equivalent
// over the variables' ranges (checked with craig's solver on random cubes), the projection is
// implied by its input, and the rewrites the brief of issue 50 item 14 names are made.
#include <doctest/doctest.h>

#include <random>
#include <string>
#include <vector>

#include "smt/solver.hpp"
#include "verifier/program/program.hpp"
#include "verifier/witness/readable_formula.hpp"
#include "verifier/witness/witness_expression.hpp"

using namespace craig;
using namespace craig::verifier;
using frontend::Type;
using frontend::TypeKind;
using smt::Term;

namespace {

struct Vars {
    smt::TermManager tm;
    Program p{tm};
    std::vector<Term> x;  // int x0 .. x3
    Vars() {
        for (int i = 0; i < 4; ++i) {
            const std::string n = "x" + std::to_string(i);
            p.add_var("main::" + n, n, Type::of(TypeKind::Int), false, false, static_cast<std::uint32_t>(i + 1));
            x.push_back(p.vars.back().cur);
        }
    }
    Term num(long v) { return tm.mk_numeral(mpq_class(v), smt::SortTable::Int); }
    Term leq(Term a, long k) { return tm.mk_leq(a, num(k)); }
    Term geq(Term a, long k) { return tm.mk_leq(num(k), a); }
    Term diff(Term a, Term b) { return tm.mk_sub(a, b); }
    // int ranges for the program's variables.
    AtomRange ints() {
        return [this](Term t) -> std::optional<std::pair<mpz_class, mpz_class>> {
            if (tm.kind(t) != smt::Kind::Const) return std::nullopt;
            return std::pair{mpz_class(-2147483647) - 1, mpz_class(2147483647)};
        };
    }
    Term simplify(Term f) { return simplify_for_reading(tm, f, ints()); }
    std::string c(Term f) {
        return exact_c_expression(p, f, [&](VarId v) { return std::optional<std::string>(p.var_origin(v).c_name); })
            .value_or("<refused>");
    }
    // a |= b over the integers, with the variables in their int ranges.
    bool entails(Term a, Term b) {
        smt::Solver s(tm);
        for (Term v : x) {
            s.assert_formula(geq(v, -2147483648L));
            s.assert_formula(leq(v, 2147483647L));
        }
        s.assert_formula(a);
        s.assert_formula(tm.mk_not(b));
        return s.check() == smt::Result::Unsat;
    }
};

}  // namespace

TEST_CASE("readable_formula: bounds on one form meet, pairs become equalities, ranges go") {
    Vars v;
    const Term j = v.x[0], i = v.x[1], n = v.x[2];
    CHECK(v.c(v.simplify(v.tm.mk_and(v.leq(j, 9), v.leq(j, 8)))) == "x0 <= 8");
    CHECK(v.c(v.simplify(v.tm.mk_and(v.leq(v.diff(j, i), 0), v.geq(v.diff(j, i), 0)))) == "x0 == x1");
    CHECK(v.simplify(v.leq(n, 2147483647L)) == v.tm.mk_true());
    CHECK(v.c(v.simplify(v.tm.mk_and(v.geq(n, 0), v.leq(n, 2147483647L)))) == "x2 >= 0");
    CHECK(v.simplify(v.tm.mk_and(v.geq(n, 3), v.leq(n, 2))) == v.tm.mk_false());
    // x0 == x1 moves the bounds on x1 to x0.
    CHECK(v.c(v.simplify(v.tm.mk_and(std::vector<Term>{v.tm.mk_eq(j, i), v.geq(i, 0), v.leq(j, 5)}))) == "x0 == x1 && x0 >= 0 && x0 <= 5");
}

TEST_CASE("readable_formula: duplicate and implied disjuncts go, adjacent intervals merge") {
    Vars v;
    const Term a = v.x[0], b = v.x[1];
    const Term cube1 = v.tm.mk_and(v.leq(a, 1), v.leq(b, 2));
    const Term cube2 = v.tm.mk_and(v.leq(b, 2), v.leq(a, 1));
    CHECK(v.c(v.simplify(v.tm.mk_or(cube1, cube2))) == "x0 <= 1 && x1 <= 2");
    // a <= 1 || (a <= 1 && b <= 2) is a <= 1.
    CHECK(v.c(v.simplify(v.tm.mk_or(v.leq(a, 1), cube1))) == "x0 <= 1");
    // (a == k && b >= 1) for k = 0..3 is 0 <= a <= 3 && b >= 1.
    std::vector<Term> cubes;
    for (long k = 0; k < 4; ++k) cubes.push_back(v.tm.mk_and(v.tm.mk_eq(a, v.num(k)), v.geq(b, 1)));
    CHECK(v.c(v.simplify(v.tm.mk_or(cubes))) == "x0 >= 0 && x0 <= 3 && x1 >= 1");
    // Not adjacent: a == 0 || a == 2 stays two disjuncts.
    CHECK(v.c(v.simplify(v.tm.mk_or(v.tm.mk_eq(a, v.num(0)), v.tm.mk_eq(a, v.num(2))))) == "x0 == 0 || x0 == 2");
    // a == 8 || a <= 7 is a <= 8.
    CHECK(v.c(v.simplify(v.tm.mk_or(v.tm.mk_eq(a, v.num(8)), v.leq(a, 7)))) == "x0 <= 8");
}

TEST_CASE("readable_formula: simplification is equivalent on random cubes (craig's solver)") {
    Vars v;
    std::mt19937 rng(14);
    auto pick = [&](int n) { return static_cast<int>(rng() % static_cast<unsigned>(n)); };
    auto atom = [&]() {
        Term f = v.x[static_cast<std::size_t>(pick(3))];
        if (pick(2)) f = v.tm.mk_add(std::vector<Term>{f, v.tm.mk_scale(mpq_class(pick(3) - 1), v.x[3])});
        const long k = pick(7) - 3;
        switch (pick(4)) {
            case 0: return v.leq(f, k);
            case 1: return v.geq(f, k);
            case 2: return v.tm.mk_eq(f, v.num(k));
            default: return v.tm.mk_not(v.tm.mk_eq(f, v.num(k)));
        }
    };
    for (int round = 0; round < 60; ++round) {
        std::vector<Term> ds;
        for (int d = 0, nd = 1 + pick(4); d < nd; ++d) {
            std::vector<Term> cs;
            for (int c = 0, nc = 1 + pick(4); c < nc; ++c) cs.push_back(atom());
            ds.push_back(v.tm.mk_and(cs));
        }
        const Term f = v.tm.mk_or(ds), s = v.simplify(f);
        CAPTURE(v.c(f));
        CAPTURE(v.c(s));
        CHECK(v.entails(f, s));
        CHECK(v.entails(s, f));
    }
}

TEST_CASE("readable_formula: projection is exact through unit equalities and implied otherwise") {
    Vars v;
    const Term cond = v.x[0], n = v.x[1], j = v.x[2], z = v.x[3];
    // cond == 1 && n - cond >= -1 && cond - j <= 1: n >= 0 && j >= 0, exactly.
    const Term f = v.tm.mk_and(std::vector<Term>{v.tm.mk_eq(cond, v.num(1)), v.geq(v.diff(n, cond), -1), v.leq(v.diff(cond, j), 1)});
    const Term p = project_out(v.tm, f, {cond});
    CHECK(v.c(p) == "x1 >= 0 && x2 >= 0");
    // Fourier-Motzkin: j <= cond && cond <= z gives j <= z.
    const Term g = v.tm.mk_and(v.leq(v.diff(j, cond), 0), v.leq(v.diff(cond, z), 0));
    const Term q = project_out(v.tm, g, {cond});
    CHECK(v.c(q) == "x2 <= x3");
    CHECK(v.entails(g, q));
    // 2*cond == j (no unit coefficient): weaker, still implied; per disjunct.
    const Term h = v.tm.mk_or(v.tm.mk_and(v.tm.mk_eq(v.tm.mk_scale(mpq_class(2), cond), j), v.leq(cond, 3)),
                              v.tm.mk_and(v.leq(j, -5), v.geq(cond, 0)));
    const Term r = project_out(v.tm, h, {cond});
    CHECK(v.entails(h, r));
    CHECK(v.c(r) == "x2 <= 6 || x2 <= -5");
    CHECK(v.c(v.simplify(r)) == "x2 <= 6");
}
