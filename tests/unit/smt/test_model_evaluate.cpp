// Model::evaluate: And, Or, Implies and Ite evaluate only the children that decide them, with
// the same values as a full evaluation; a shared memo carries values across calls.
#include <doctest/doctest.h>

#include "smt/model.hpp"

using namespace craig::smt;

namespace {
struct Terms {
    TermManager tm;
    Term p = tm.mk_const(tm.declare_fun("p", {}, SortTable::Bool));
    Term q = tm.mk_const(tm.declare_fun("q", {}, SortTable::Bool));
    Term x = tm.mk_const(tm.declare_fun("x", {}, SortTable::Int));
    Term y = tm.mk_const(tm.declare_fun("y", {}, SortTable::Int));
    Model m{tm};
    Terms() {
        m.set_const(tm.func_of(p), Value::of_bool(false));
        m.set_const(tm.func_of(q), Value::of_bool(true));
        m.set_const(tm.func_of(x), Value::of_number(3, SortTable::Int));
        m.set_const(tm.func_of(y), Value::of_number(-2, SortTable::Int));
    }
    Term num(long v) { return tm.mk_numeral(v, SortTable::Int); }
};
}  // namespace

TEST_CASE_FIXTURE(Terms, "a guard that decides skips the rest") {
    const Term big = tm.mk_leq(tm.mk_add(std::vector<Term>{x, y}), num(0));  // 3 - 2 <= 0: false
    const Term guarded = tm.mk_or(tm.mk_not(q), tm.mk_or(tm.mk_not(p), big));
    Model::EvalMemo memo;
    CHECK(m.evaluate(guarded, memo).b);
    CHECK(memo.count(big.id) == 0);  // (not p) is true: big was never looked at
    CHECK(memo.count(p.id) == 1);

    const Term conj = tm.mk_and(p, big);
    memo.clear();
    CHECK_FALSE(m.evaluate(conj, memo).b);
    CHECK(memo.count(big.id) == 0);

    const Term imp = tm.mk_implies(p, big);
    memo.clear();
    CHECK(m.evaluate(imp, memo).b);
    CHECK(memo.count(big.id) == 0);
}

TEST_CASE_FIXTURE(Terms, "ite evaluates its condition and the chosen branch only") {
    const Term other = tm.mk_add(std::vector<Term>{x, x, y});
    const Term ite = tm.mk_ite(q, tm.mk_sub(x, y), other);
    Model::EvalMemo memo;
    const Value v = m.evaluate(ite, memo);
    CHECK(v.q == 5);
    CHECK(memo.count(other.id) == 0);
    CHECK(m.evaluate(tm.mk_ite(p, tm.mk_sub(x, y), other)).q == 4);
}

TEST_CASE_FIXTURE(Terms, "values agree with the operators' definitions where every child counts") {
    const Term big = tm.mk_leq(tm.mk_add(std::vector<Term>{x, y}), num(1));  // 1 <= 1: true
    CHECK(m.evaluate(tm.mk_and(q, big)).b);
    CHECK_FALSE(m.evaluate(tm.mk_or(p, tm.mk_not(big))).b);
    CHECK(m.evaluate(tm.mk_implies(q, big)).b);
    CHECK_FALSE(m.evaluate(tm.mk_implies(q, tm.mk_not(big))).b);
    const Term nested = tm.mk_and(std::vector<Term>{q, tm.mk_or(p, big), tm.mk_implies(big, q)});
    CHECK(m.evaluate(nested).b);
}

TEST_CASE_FIXTURE(Terms, "a shared memo keeps values across calls") {
    const Term sum = tm.mk_add(std::vector<Term>{x, y});
    Model::EvalMemo memo;
    CHECK(m.evaluate(tm.mk_leq(sum, num(1)), memo).b);
    REQUIRE(memo.count(sum.id) == 1);
    CHECK(memo.at(sum.id).q == 1);
    CHECK_FALSE(m.evaluate(tm.mk_lt(sum, num(1)), memo).b);
}
