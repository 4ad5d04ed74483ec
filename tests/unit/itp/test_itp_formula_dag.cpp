// FormulaDag: constants fold, regions of one connective become one n-ary term, long chains stay
// linear.
#include <doctest/doctest.h>

#include "itp/formula_dag.hpp"
#include "itp_test_util.hpp"

using namespace craig;
using namespace craig::itp;
using smt::SortTable;
using smt::Term;

TEST_CASE("formula dag: folding and regions") {
    smt::TermManager tm;
    auto b = [&](const char* n) { return tm.mk_const(tm.declare_fun(n, {}, SortTable::Bool)); };
    Term a = b("a"), c = b("c"), d = b("d"), e = b("e");
    FormulaDag dag(tm);
    auto A = dag.leaf(a), C = dag.leaf(c), D = dag.leaf(d), E = dag.leaf(e);
    CHECK(dag.leaf(tm.mk_true()) == FormulaDag::kTrue);
    CHECK(dag.mk2(true, A, FormulaDag::kFalse) == FormulaDag::kFalse);
    CHECK(dag.mk2(false, A, FormulaDag::kTrue) == FormulaDag::kTrue);
    CHECK(dag.mk2(true, A, FormulaDag::kTrue) == A);
    CHECK(dag.mk2(false, FormulaDag::kFalse, FormulaDag::kFalse) == FormulaDag::kFalse);
    // (a ∨ c ∨ d) ∧ ((a ∨ c) ∨ e): the shared a ∨ c is inside two disjunction regions.
    auto ac = dag.mk2(false, A, C);
    auto left = dag.mk2(false, ac, D), right = dag.mk2(false, ac, E);
    auto root = dag.mk2(true, left, right);
    Term t = dag.to_term(root);
    Term expected = tm.mk_and(tm.mk_or(std::vector<Term>{a, c, d}), tm.mk_or(std::vector<Term>{a, c, e}));
    CHECK(test::equivalent(tm, t, expected));
    REQUIRE(tm.kind(t) == smt::Kind::And);
    for (Term k : tm.children(t)) {
        CHECK(tm.kind(k) == smt::Kind::Or);
        CHECK(tm.children(k).size() == 3);  // one flat disjunction per region
    }
}

TEST_CASE("formula dag: a long chain of one connective is one term") {
    smt::TermManager tm;
    constexpr int kN = 200000;
    FormulaDag dag(tm);
    FormulaDag::Id acc = FormulaDag::kFalse;
    for (int i = 0; i < kN; ++i) {
        Term v = tm.mk_const(tm.declare_fun("v" + std::to_string(i), {}, SortTable::Bool));
        acc = dag.mk2(false, acc, dag.leaf(v));
    }
    Term t = dag.to_term(acc);
    REQUIRE(tm.kind(t) == smt::Kind::Or);
    CHECK(tm.children(t).size() == kN);
}

TEST_CASE("formula dag: a large shared region enters its parents through an implication") {
    smt::TermManager tm;
    FormulaDag dag(tm);
    std::vector<FormulaDag::Id> leaves;
    std::vector<Term> vars;
    for (int i = 0; i < 40; ++i) {
        vars.push_back(tm.mk_const(tm.declare_fun("v" + std::to_string(i), {}, SortTable::Bool)));
        leaves.push_back(dag.leaf(vars.back()));
    }
    Term p = tm.mk_const(tm.declare_fun("p", {}, SortTable::Bool));
    Term q = tm.mk_const(tm.declare_fun("q", {}, SortTable::Bool));
    for (bool conj : {false, true}) {
        CAPTURE(conj);
        auto big = dag.mk(conj, leaves);  // shared by the two regions below
        auto x = dag.mk2(conj, big, dag.leaf(p)), y = dag.mk2(conj, big, dag.leaf(q));
        auto root = dag.mk2(!conj, x, y);
        Term t = dag.to_term(root);
        Term big_t = conj ? tm.mk_and(vars) : tm.mk_or(vars);
        Term expected = conj ? tm.mk_or(tm.mk_and(big_t, p), tm.mk_and(big_t, q))
                             : tm.mk_and(tm.mk_or(big_t, p), tm.mk_or(big_t, q));
        CHECK(test::equivalent(tm, t, expected));
        for (Term k : tm.children(t)) CHECK(tm.children(k).size() <= 2);  // not flattened
    }
}
