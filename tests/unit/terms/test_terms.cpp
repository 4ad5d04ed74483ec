#include <doctest/doctest.h>

#include "smt/terms/printer.hpp"
#include "smt/terms/term.hpp"

using namespace craig::smt;

namespace {
struct Fixture {
    TermManager tm;
    Sort U = tm.sorts().uninterpreted("U");
    Term a = tm.mk_const(tm.declare_fun("a", {}, U));
    Term b = tm.mk_const(tm.declare_fun("b", {}, U));
    FuncId fn = tm.declare_fun("f", {U}, U);
    Term p = tm.mk_const(tm.declare_fun("p", {}, SortTable::Bool));
    Term q = tm.mk_const(tm.declare_fun("q", {}, SortTable::Bool));
    Term x = tm.mk_const(tm.declare_fun("x", {}, SortTable::Int));
    Term y = tm.mk_const(tm.declare_fun("y", {}, SortTable::Int));
    Term r = tm.mk_const(tm.declare_fun("r", {}, SortTable::Real));
    Term s = tm.mk_const(tm.declare_fun("s", {}, SortTable::Real));
    Term num(long v, Sort so = SortTable::Int) { return tm.mk_numeral(mpq_class(v), so); }
    std::string str(Term t) { return term_to_string(tm, t, false); }
};
}  // namespace

TEST_CASE_FIXTURE(Fixture, "hash-consing shares equal terms") {
    Term fa1 = tm.mk_app(fn, std::vector<Term>{a});
    Term fa2 = tm.mk_app(fn, std::vector<Term>{a});
    CHECK(fa1 == fa2);
    CHECK(tm.mk_eq(a, b) == tm.mk_eq(b, a));
    CHECK(tm.mk_app(fn, std::vector<Term>{b}) != fa1);
    CHECK(tm.kind(fa1) == Kind::App);
    CHECK(tm.sort(fa1) == U);
}

TEST_CASE_FIXTURE(Fixture, "Boolean simplifications") {
    CHECK(tm.mk_not(tm.mk_not(p)) == p);
    CHECK(tm.mk_and(p, tm.mk_true()) == p);
    CHECK(tm.mk_and(p, tm.mk_false()) == tm.mk_false());
    CHECK(tm.mk_or(p, tm.mk_not(p)) == tm.mk_true());
    CHECK(tm.mk_and(p, p) == p);
    Term pq = tm.mk_and(p, q);
    CHECK(tm.mk_and(pq, p) == pq);  // flattened and deduplicated
    CHECK(tm.mk_ite(p, a, a) == a);
    CHECK(tm.mk_ite(tm.mk_true(), a, b) == a);
    CHECK(tm.mk_eq(a, a) == tm.mk_true());
    CHECK(tm.mk_eq(p, tm.mk_false()) == tm.mk_not(p));
    CHECK(tm.mk_xor(p, p) == tm.mk_false());
}

TEST_CASE_FIXTURE(Fixture, "equal polynomials share one id") {
    Term e1 = tm.mk_add(std::vector<Term>{x, y, num(3)});
    Term e2 = tm.mk_add(std::vector<Term>{num(1), y, x, num(2)});
    CHECK(e1 == e2);
    Term twice = tm.mk_add(std::vector<Term>{x, x});
    CHECK(twice == tm.mk_scale(2, x));
    CHECK(tm.mk_sub(x, x) == num(0));
    CHECK(tm.mk_add(std::vector<Term>{x, num(0)}) == x);
}

TEST_CASE_FIXTURE(Fixture, "comparisons are normalised") {
    // x >= 3 and -x <= -3 are one atom; 2x <= 6 over Int is x <= 3.
    CHECK(tm.mk_geq(x, num(3)) == tm.mk_leq(tm.mk_neg(x), num(-3)));
    CHECK(tm.mk_leq(tm.mk_scale(2, x), num(6)) == tm.mk_leq(x, num(3)));
    // Over Int, x < 3 is x <= 2; 2x <= 7 is x <= 3.
    CHECK(tm.mk_lt(x, num(3)) == tm.mk_leq(x, num(2)));
    CHECK(tm.mk_leq(tm.mk_scale(2, x), num(7)) == tm.mk_leq(x, num(3)));
    // Over Real, r < 3 stays strict; r > 3 is not (r <= 3).
    Term r3 = tm.mk_numeral(3, SortTable::Real);
    CHECK(tm.kind(tm.mk_lt(r, r3)) == Kind::Lt);
    CHECK(tm.mk_gt(r, r3) == tm.mk_not(tm.mk_leq(r, r3)));
    CHECK(tm.mk_leq(num(1), num(2)) == tm.mk_true());
    CHECK(tm.mk_lt(num(2), num(2)) == tm.mk_false());
    // x = y and y = x, and x - y = 0, are one equality between the two atoms.
    Term e = tm.mk_eq(x, y);
    CHECK(e == tm.mk_eq(y, x));
    CHECK(e == tm.mk_eq(tm.mk_sub(x, y), num(0)));
    CHECK(tm.kind(e) == Kind::Eq);
    CHECK(tm.child(e, 0) == x);
    // 2x = 3 has no integer solution.
    CHECK(tm.mk_eq(tm.mk_scale(2, x), num(3)) == tm.mk_false());
}

TEST_CASE_FIXTURE(Fixture, "printing is valid SMT-LIB") {
    CHECK(str(tm.mk_app(fn, std::vector<Term>{a})) == "(f a)");
    CHECK(str(num(-5)) == "(- 5)");
    CHECK(str(tm.mk_numeral(mpq_class(1, 3), SortTable::Real)) == "(/ 1 3)");
    CHECK(str(tm.mk_numeral(mpq_class(-2), SortTable::Real)) == "(- 2.0)");
    CHECK(str(tm.mk_leq(tm.mk_add(std::vector<Term>{x, tm.mk_scale(2, y)}), num(4))) == "(<= (+ x (* 2 y)) 4)");
    CHECK(str(tm.mk_geq(x, num(3))) == "(not (<= x 2))");
    CHECK(str(tm.mk_leq(tm.mk_to_real(x), r)) == "(<= (+ (to_real x) (- r)) 0.0)");
    CHECK(quote_symbol("a b") == "|a b|");
    CHECK(quote_symbol("1x") == "|1x|");
    CHECK(quote_symbol("x!1") == "x!1");
}

TEST_CASE_FIXTURE(Fixture, "let-printing binds shared subterms once") {
    Term fa = tm.mk_app(fn, std::vector<Term>{a});
    Term ffa = tm.mk_app(fn, std::vector<Term>{fa});
    Term t = tm.mk_and(tm.mk_eq(ffa, a), tm.mk_eq(ffa, b));
    std::string s = term_to_string(tm, t, true);
    CHECK(s.find("(let ((") == 0);
    CHECK(term_to_string(tm, t, false) == "(and (= a (f (f a))) (= b (f (f a))))");
}

TEST_CASE_FIXTURE(Fixture, "substitution rebuilds and renormalises") {
    std::unordered_map<Term, Term, TermHash> m{{x, num(2)}};
    Term t = tm.mk_leq(tm.mk_add(std::vector<Term>{x, y}), num(5));
    CHECK(tm.substitute(t, m) == tm.mk_leq(y, num(3)));
    Term fa = tm.mk_app(fn, std::vector<Term>{a});
    std::unordered_map<Term, Term, TermHash> m2{{a, b}};
    CHECK(tm.substitute(tm.mk_eq(fa, a), m2) == tm.mk_eq(tm.mk_app(fn, std::vector<Term>{b}), b));
}

TEST_CASE_FIXTURE(Fixture, "div and mod fold with SMT-LIB semantics") {
    CHECK(tm.mk_int_div(num(-7), num(2)) == num(-4));
    CHECK(tm.mk_mod(num(-7), num(2)) == num(1));
    CHECK(tm.mk_int_div(num(7), num(-2)) == num(-3));
    CHECK(tm.mk_mod(num(7), num(-2)) == num(1));
}

TEST_CASE_FIXTURE(Fixture, "fresh symbols never clash with user names") {
    FuncId k = tm.fresh_fun("k", {}, U);
    CHECK(tm.func(k).name[0] == '.');
    CHECK(tm.func(k).fresh);
}

// Regression (found by a crash of `craig verify --engine impact` in interpolant simplification):
// simplifiers loop over children(t) and make terms in the loop body. The children must stay
// where they are while the manager grows (they lived in one vector that reallocated).
TEST_CASE("terms: children and rationals stay valid while new terms are made") {
    TermManager tm;
    const Sort i = SortTable::Int;
    std::vector<Term> xs;
    for (int k = 0; k < 8; ++k) xs.push_back(tm.mk_const(tm.declare_fun("x" + std::to_string(k), {}, i)));
    const Term sum = tm.mk_add(xs);
    const Term conj = tm.mk_and(tm.mk_leq(sum, tm.mk_numeral(3, i)), tm.mk_leq(xs[0], tm.mk_numeral(7, i)));
    const std::span<const Term> kids = tm.children(conj);
    const std::vector<Term> copy(kids.begin(), kids.end());
    const mpq_class& c0 = tm.coeff(sum, 0);
    const mpq_class c0_copy = c0;
    std::vector<Term> made;
    for (Term k : kids)  // many new terms while the span is in use
        for (int n = 0; n < 40000; ++n)
            made.push_back(tm.mk_and(tm.mk_leq(k == copy[0] ? xs[1] : xs[2], tm.mk_numeral(n, i)),
                                     xs.back() == k ? k : tm.mk_leq(xs[3], tm.mk_numeral(-n, i))));
    CHECK(std::vector<Term>(kids.begin(), kids.end()) == copy);
    CHECK(c0 == c0_copy);
    // A term made from the children of another (its span points into the store being appended to).
    const Term again = tm.mk_and(tm.children(conj));
    CHECK(again == conj);
    const Term rebuilt = tm.rebuild(sum, tm.children(sum));
    CHECK(rebuilt == sum);
}
