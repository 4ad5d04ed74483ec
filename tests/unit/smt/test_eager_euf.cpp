// EagerEuf follows a search by levels: conflicts on partial assignments, forgotten on
// backtrack, root literals kept for good.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "smt/eager_euf.hpp"
#include "smt/euf_certificate.hpp"

using namespace craig::smt;
using craig::sat::Lit;

namespace {

struct Fixture {
    TermManager tm;
    Sort U = tm.sorts().uninterpreted("U");
    EagerEuf eager{tm};
    Term a = c("a"), b = c("b"), d = c("d");
    FuncId f = tm.declare_fun("f", {U}, U);
    FuncId p = tm.declare_fun("p", {U}, SortTable::Bool);
    Term fa = tm.mk_app(f, std::vector<Term>{a}), fb = tm.mk_app(f, std::vector<Term>{b});
    Term pa = tm.mk_app(p, std::vector<Term>{a}), pb = tm.mk_app(p, std::vector<Term>{b});
    // Variables: 1 a=b, 2 f(a)=f(b), 3 b=d, 4 a=d, 5 p(a), 6 p(b).
    Term atoms[6] = {tm.mk_eq(a, b), tm.mk_eq(fa, fb), tm.mk_eq(b, d), tm.mk_eq(a, d), pa, pb};

    Fixture() {
        for (int v = 1; v <= 6; ++v) {
            REQUIRE(EagerEuf::watchable(tm, atoms[v - 1]));
            eager.watch(v, atoms[v - 1]);
        }
    }
    Term c(const std::string& n) { return tm.mk_const(tm.declare_fun(n, {}, U)); }

    // The reason clause of a propagated literal: lit first, and with lit negated an EUF conflict
    // for an independent check. Sorted.
    std::vector<Lit> checked_reason(Lit lit) {
        std::vector<Lit> clause;
        eager.reason(lit, clause);
        REQUIRE(!clause.empty());
        CHECK(clause[0] == lit);
        std::vector<Lit> lits;
        for (Lit l : clause) lits.push_back(-l);
        std::vector<EufFact> facts;
        eager.facts(lits, facts);
        std::string why;
        CHECK(check_euf_conflict(tm, facts, &why));
        std::sort(clause.begin(), clause.end());
        return clause;
    }

    // The conflict's literals are true as told, and EUF-inconsistent for an independent check.
    std::vector<Lit> conflict() {
        std::vector<Lit> lits;
        if (!eager.conflict(lits)) return {};
        std::vector<EufFact> facts;
        eager.facts(lits, facts);
        std::string why;
        CHECK(check_euf_conflict(tm, facts, &why));
        return lits;
    }
};

}  // namespace

TEST_CASE("eager EUF: a congruence conflict on a partial assignment, gone after backtracking") {
    Fixture x;
    CHECK_FALSE(EagerEuf::watchable(x.tm, x.tm.mk_eq(x.tm.mk_const(x.tm.declare_fun("i", {}, SortTable::Int)), x.tm.mk_const(x.tm.declare_fun("j", {}, SortTable::Int)))));  // arithmetic: LRA's
    x.eager.new_level();
    x.eager.assigned(1, false);  // a = b
    CHECK(x.conflict().empty());
    x.eager.new_level();
    x.eager.assigned(-2, false);  // f(a) != f(b)
    std::vector<Lit> c = x.conflict();
    std::sort(c.begin(), c.end());
    CHECK(c == std::vector<Lit>{-2, 1});
    CHECK(x.conflict().empty());  // reported once per state
    x.eager.backtrack(1);         // f(a) != f(b) is gone, a = b stays
    CHECK(x.conflict().empty());
    x.eager.new_level();
    x.eager.assigned(5, false);  // p(a)
    x.eager.assigned(-6, false);  // not p(b)
    c = x.conflict();
    std::sort(c.begin(), c.end());
    CHECK(c == std::vector<Lit>{-6, 1, 5});
    x.eager.backtrack(0);
    CHECK(x.conflict().empty());
    CHECK(x.eager.stats().conflicts == 2);
}

TEST_CASE("eager EUF: root literals told at a deeper level survive the backtrack") {
    Fixture x;
    x.eager.new_level();
    x.eager.new_level();
    x.eager.assigned(3, true);  // b = d, fixed at the root, told at level 2
    x.eager.backtrack(0);
    x.eager.new_level();
    x.eager.assigned(1, false);   // a = b
    x.eager.assigned(-4, false);  // a != d
    std::vector<Lit> c = x.conflict();
    std::sort(c.begin(), c.end());
    CHECK(c == std::vector<Lit>{-4, 1, 3});
    x.eager.backtrack(0);
    x.eager.new_level();
    x.eager.assigned(-4, false);
    x.eager.assigned(1, false);
    CHECK_FALSE(x.conflict().empty());  // still there after a second backtrack
}

TEST_CASE("eager EUF: equalities the closure decides are propagated with valid reasons") {
    Fixture x;
    x.eager.new_level();
    x.eager.assigned(1, false);  // a = b: f(a) = f(b) by congruence
    std::vector<Lit> got;
    while (Lit l = x.eager.propagate()) got.push_back(l);
    std::sort(got.begin(), got.end());
    CHECK(got == std::vector<Lit>{2});
    CHECK(x.checked_reason(2) == std::vector<Lit>{-1, 2});
    x.eager.assigned(2, false);  // CaDiCaL takes it
    x.eager.new_level();
    x.eager.assigned(5, false);  // p(a): p(b) by congruence
    got.clear();
    while (Lit l = x.eager.propagate()) got.push_back(l);
    CHECK(got == std::vector<Lit>{6});
    CHECK(x.checked_reason(6) == std::vector<Lit>{-5, -1, 6});
    x.eager.backtrack(1);  // p(a) is gone: nothing new to propagate
    CHECK(x.eager.propagate() == 0);
    x.eager.new_level();
    x.eager.assigned(-6, false);  // not p(b): not p(a)
    got.clear();
    while (Lit l = x.eager.propagate()) got.push_back(l);
    CHECK(got == std::vector<Lit>{-5});
    CHECK(x.eager.stats().propagations == 3);
}

TEST_CASE("eager EUF: disequalities the closure decides are propagated, after a merge or a new disequality") {
    // Variables as in the fixture: 1 a=b, 3 b=d, 4 a=d.
    SUBCASE("off (the default), nothing") {
        Fixture x;
        x.eager.new_level();
        x.eager.assigned(-4, false);
        x.eager.new_level();
        x.eager.assigned(3, false);
        CHECK(x.eager.propagate() == 0);
    }
    SUBCASE("the merge comes second") {
        Fixture x;
        x.eager.set_diseq_propagation(true);
        x.eager.new_level();
        x.eager.assigned(-4, false);  // a != d
        CHECK(x.eager.propagate() == 0);
        x.eager.new_level();
        x.eager.assigned(3, false);  // b = d: so a != b
        std::vector<Lit> got;
        while (Lit l = x.eager.propagate()) got.push_back(l);
        CHECK(got == std::vector<Lit>{-1});
        CHECK(x.checked_reason(-1) == std::vector<Lit>{-3, -1, 4});
        CHECK(x.eager.stats().diseq_propagations == 1);
        x.eager.backtrack(1);  // b = d is gone
        CHECK(x.eager.propagate() == 0);
    }
    SUBCASE("the disequality comes second") {
        Fixture x;
        x.eager.set_diseq_propagation(true);
        x.eager.new_level();
        x.eager.assigned(3, false);  // b = d
        while (x.eager.propagate() != 0) {
        }
        x.eager.new_level();
        x.eager.assigned(-4, false);  // a != d: so a != b
        std::vector<Lit> got;
        while (Lit l = x.eager.propagate()) got.push_back(l);
        CHECK(got == std::vector<Lit>{-1});
        CHECK(x.checked_reason(-1) == std::vector<Lit>{-3, -1, 4});
    }
}
