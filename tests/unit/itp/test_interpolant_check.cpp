// The independent interpolant checker: accepts correct interpolants, rejects wrong ones.
#include <doctest/doctest.h>

#include "itp/interpolant_check.hpp"
#include "itp/interpolation.hpp"
#include "term_fixture.hpp"

using namespace craig;
using namespace craig::itp;
using smt::SortTable;
using smt::Term;

namespace {
struct Fix : test::TermFixture {
    Term x = real("x"), y = real("y"), a = real("a"), b = real("b");
    // A: x <= a <= 0; B: 0 < x.
    Term A = tm.mk_and(tm.mk_leq(x, a), tm.mk_leq(a, num(0)));
    Term B = tm.mk_lt(num(0), x);
    const uint32_t bin[2] = {0, 0};
};
}  // namespace

TEST_CASE_FIXTURE(Fix, "checker: a correct binary interpolant is valid") {
    Term f[2] = {A, B};
    Term i[1] = {tm.mk_leq(x, num(0))};
    CheckReport r = check_tree_interpolants(tm, f, bin, i);
    INFO(r.why);
    CHECK(r.outcome == CheckOutcome::Valid);
}

TEST_CASE_FIXTURE(Fix, "checker: too weak, too strong, wrong symbols, wrong count, bad shape") {
    Term f[2] = {A, B};
    SUBCASE("too weak: B is not refuted") {
        Term i[1] = {tm.mk_leq(x, num(1))};
        CheckReport r = check_tree_interpolants(tm, f, bin, i);
        CHECK(r.outcome == CheckOutcome::Invalid);
        CHECK(r.why.find("root") != std::string::npos);
    }
    SUBCASE("too strong: not implied by A") {
        Term i[1] = {tm.mk_leq(x, num(-5))};
        CheckReport r = check_tree_interpolants(tm, f, bin, i);
        CHECK(r.outcome == CheckOutcome::Invalid);
        CHECK(r.why.find("node 0") != std::string::npos);
    }
    SUBCASE("an A-local symbol") {
        Term i[1] = {tm.mk_leq(x, a)};
        CheckReport r = check_tree_interpolants(tm, f, bin, i);
        CHECK(r.outcome == CheckOutcome::Invalid);
        CHECK(r.why.find("mentions a") != std::string::npos);
    }
    SUBCASE("a symbol of neither side") {
        Term q = tm.mk_const(tm.declare_fun("q", {}, SortTable::Bool));
        Term i[1] = {tm.mk_and(tm.mk_leq(x, num(0)), tm.mk_or(q, tm.mk_leq(x, num(0))))};
        CheckReport r = check_tree_interpolants(tm, f, bin, i);
        CHECK(r.outcome == CheckOutcome::Invalid);
        CHECK(r.why.find("mentions q") != std::string::npos);
    }
    SUBCASE("wrong number of interpolants") {
        Term i[2] = {tm.mk_leq(x, num(0)), tm.mk_true()};
        CHECK(check_tree_interpolants(tm, f, bin, i).outcome == CheckOutcome::Invalid);
    }
    SUBCASE("bad shape") {
        const uint32_t bad[2] = {0, 1};
        Term i[1] = {tm.mk_leq(x, num(0))};
        CHECK(check_tree_interpolants(tm, f, bad, i).outcome == CheckOutcome::Invalid);
    }
}

TEST_CASE_FIXTURE(Fix, "checker: trees check the children's conjunction at the parent") {
    // Children: x <= a <= 0 and y <= b <= 0; root: 0 < x + y.
    Term f[3] = {A, tm.mk_and(tm.mk_leq(y, b), tm.mk_leq(b, num(0))),
                 tm.mk_lt(num(0), tm.mk_add(std::vector<Term>{x, y}))};
    const uint32_t start[3] = {0, 1, 0};
    Term good[2] = {tm.mk_leq(x, num(0)), tm.mk_leq(y, num(0))};
    CHECK(check_tree_interpolants(tm, f, start, good).outcome == CheckOutcome::Valid);
    // Binary interpolants each, but together too weak for the root.
    Term weak[2] = {tm.mk_leq(x, num(0)), tm.mk_leq(y, num(1))};
    CheckReport r = check_tree_interpolants(tm, f, start, weak);
    CHECK(r.outcome == CheckOutcome::Invalid);
    // As a sequence (node 1's subtree is 0..1), node 1's interpolant must follow from I_0 ∧ A_1.
    const uint32_t seq[3] = {0, 0, 0};
    Term seq_good[2] = {tm.mk_leq(x, num(0)), tm.mk_leq(tm.mk_add(std::vector<Term>{x, y}), num(0))};
    CHECK(check_tree_interpolants(tm, f, seq, seq_good).outcome == CheckOutcome::Valid);
    Term seq_bad[2] = {tm.mk_leq(x, num(0)), tm.mk_leq(y, num(0))};  // the root needs x's bound too
    CHECK(check_tree_interpolants(tm, f, seq, seq_bad).outcome == CheckOutcome::Invalid);
}

TEST_CASE_FIXTURE(Fix, "checker: an unknown query is inconclusive") {
    // A deadline in the past: every query answers unknown.
    Term f[2] = {A, B};
    Term i[1] = {tm.mk_leq(x, num(0))};
    smt::SolverOptions o;
    o.deadline = std::chrono::steady_clock::now() - std::chrono::seconds(1);
    CheckReport r = check_tree_interpolants(tm, f, bin, i, o);
    INFO(r.why);
    CHECK(r.outcome == CheckOutcome::Inconclusive);
    CHECK(r.why.find("timeout") != std::string::npos);
}
