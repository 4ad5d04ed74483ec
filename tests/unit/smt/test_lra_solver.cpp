// Linear arithmetic through the DPLL(T) loop: strict bounds, integers, disequalities, static
// learning, and EUF + LRA combination; every model and every conflict certificate is checked.
#include <doctest/doctest.h>

#include "smt/proof_check.hpp"
#include "smt/solver.hpp"

using namespace craig::smt;

namespace {
SolverOptions checked(bool static_learning = false) {
    SolverOptions o;
    o.check_models = true;
    o.check_certificates = true;
    o.lra_static_learning = static_learning;
    return o;
}
Term num(TermManager& tm, int v, Sort s) { return tm.mk_numeral(mpq_class(v), s); }
}  // namespace

TEST_CASE("strict bounds over the reals") {
    TermManager tm;
    Term x = tm.mk_const(tm.declare_fun("x", {}, SortTable::Real));
    Term y = tm.mk_const(tm.declare_fun("y", {}, SortTable::Real));
    Solver s(tm, checked());
    s.assert_formula(tm.mk_leq(tm.mk_add(std::vector<Term>{x, y}), num(tm, 1, SortTable::Real)));
    s.assert_formula(tm.mk_leq(num(tm, 1, SortTable::Real), x));
    s.push();
    s.assert_formula(tm.mk_lt(num(tm, 0, SortTable::Real), y));
    CHECK(s.check() == Result::Unsat);
    s.pop();
    REQUIRE(s.check() == Result::Sat);
    CHECK(s.model().evaluate(y).q <= 0);
}

TEST_CASE("integers: parity and disequalities") {
    TermManager tm;
    Term x = tm.mk_const(tm.declare_fun("x", {}, SortTable::Int));
    Term y = tm.mk_const(tm.declare_fun("y", {}, SortTable::Int));
    Solver s(tm, checked());
    // 2x + 2y = 1 has no integer solution (the GCD test or branch and bound).
    s.assert_formula(tm.mk_eq(tm.mk_add(std::vector<Term>{tm.mk_mul(std::vector<Term>{num(tm, 2, SortTable::Int), x}),
                                                          tm.mk_mul(std::vector<Term>{num(tm, 2, SortTable::Int), y})}),
                              num(tm, 1, SortTable::Int)));
    CHECK(s.check() == Result::Unsat);

    Solver t(tm, checked());
    // 0 <= x <= 2, x != 0, x != 2: x = 1.
    t.assert_formula(tm.mk_leq(num(tm, 0, SortTable::Int), x));
    t.assert_formula(tm.mk_leq(x, num(tm, 2, SortTable::Int)));
    t.assert_formula(tm.mk_not(tm.mk_eq(x, num(tm, 0, SortTable::Int))));
    t.assert_formula(tm.mk_not(tm.mk_eq(x, num(tm, 2, SortTable::Int))));
    REQUIRE(t.check() == Result::Sat);
    CHECK(t.model().evaluate(x).q == 1);
}

TEST_CASE("static learning gives the same answers on chains of bounds") {
    for (bool learn : {false, true}) {
        CAPTURE(learn);
        TermManager tm;
        Term x = tm.mk_const(tm.declare_fun("x", {}, SortTable::Real));
        Solver s(tm, checked(learn));
        std::vector<Term> bounds;
        for (int c = 0; c < 10; ++c) bounds.push_back(tm.mk_leq(x, num(tm, c, SortTable::Real)));
        // At least one bound holds, and x > 9 or x = 5 or x < 0.
        s.assert_formula(tm.mk_or(bounds));
        s.assert_formula(tm.mk_or(tm.mk_lt(num(tm, 9, SortTable::Real), x), tm.mk_eq(x, num(tm, 5, SortTable::Real))));
        REQUIRE(s.check() == Result::Sat);
        CHECK(s.model().evaluate(x).q == 5);
        s.assert_formula(tm.mk_not(bounds[5]));
        CHECK(s.check() == Result::Unsat);
    }
}

TEST_CASE("EUF and arithmetic agree on shared terms") {
    TermManager tm;
    FuncId f = tm.declare_fun("f", {SortTable::Real}, SortTable::Real);
    Term a = tm.mk_const(tm.declare_fun("a", {}, SortTable::Real));
    Term b = tm.mk_const(tm.declare_fun("b", {}, SortTable::Real));
    auto fa = [&](Term t) { return tm.mk_app(f, std::vector<Term>{t}); };
    Solver s(tm, checked());
    // a <= b, b <= a, f(a) != f(b): arithmetic must hand a = b to EUF.
    s.assert_formula(tm.mk_leq(a, b));
    s.assert_formula(tm.mk_leq(b, a));
    s.push();
    s.assert_formula(tm.mk_not(tm.mk_eq(fa(a), fa(b))));
    CHECK(s.check() == Result::Unsat);
    s.pop();
    // f(a) = f(b) + 1 forces a != b, contradicting a = b.
    s.push();
    s.assert_formula(tm.mk_eq(fa(a), tm.mk_add(std::vector<Term>{fa(b), num(tm, 1, SortTable::Real)})));
    CHECK(s.check() == Result::Unsat);
    s.pop();
    // Without the bounds: a model where the function table and the arithmetic agree.
    Solver t(tm, checked());
    t.assert_formula(tm.mk_eq(fa(a), tm.mk_add(std::vector<Term>{fa(b), num(tm, 1, SortTable::Real)})));
    t.assert_formula(tm.mk_leq(a, num(tm, 0, SortTable::Real)));
    CHECK(t.check() == Result::Sat);
}

namespace {
// Clauses of two random atoms  Σ c·x <= k  (three monomials) over the variables xs of sort s.
void random_clauses(TermManager& tm, Solver& solver, const std::vector<Term>& xs, Sort s, unsigned clauses,
                    unsigned seed) {
    uint64_t state = seed * 2654435761u + 1;
    auto next = [&state](int range) {
        state = state * 6364136223846793005ull + 1442695040888963407ull;
        return static_cast<int>((state >> 33) % static_cast<uint64_t>(range));
    };
    for (unsigned c = 0; c < clauses; ++c) {
        std::vector<Term> lits;
        for (int l = 0; l < 2; ++l) {
            std::vector<Term> sum;
            for (int k = 0; k < 3; ++k)
                sum.push_back(tm.mk_scale(mpq_class(next(7) - 3), xs[next(static_cast<int>(xs.size()))]));
            Term atom = tm.mk_leq(tm.mk_add(sum), num(tm, next(9) - 4, s));
            lits.push_back(next(2) ? atom : tm.mk_not(atom));
        }
        solver.assert_formula(tm.mk_or(lits));
    }
}
uint64_t statistic(const Solver& s, const std::string& name) {
    for (const auto& [k, v] : s.statistics())
        if (k == name) return std::stoull(v);
    FAIL("no statistic " << name);
    return 0;
}
}  // namespace

// Bound propagation over the eager simplex's rows (eager_simplex.hpp): the online loop propagates
// atoms whose reasons are checked Farkas lemmas; its answers are the offline loop's, its models
// check, and its proofs (reason clauses as Farkas leaves) check.
TEST_CASE("online: propagation over simplex rows keeps the answers, models and proofs") {
    for (Sort sort : {SortTable::Real, SortTable::Int}) {
        uint64_t propagated = 0;
        unsigned sat = 0, unsat = 0;
        for (unsigned seed = 1; seed <= 24; ++seed) {
            TermManager tm;
            std::vector<Term> xs;
            for (int i = 0; i < 8; ++i) xs.push_back(tm.mk_const(tm.declare_fun("x" + std::to_string(i), {}, sort)));
            SolverOptions on = checked(), off = checked();
            on.sat_integration = SatIntegration::Online;
            on.produce_proofs = true;
            on.lra_row_propagation = true;
            off.sat_integration = SatIntegration::Offline;
            Solver a(tm, on), b(tm, off);
            const unsigned clauses = 20 + 5 * (seed % 12);
            random_clauses(tm, a, xs, sort, clauses, seed);
            random_clauses(tm, b, xs, sort, clauses, seed);
            const Result ra = a.check(), rb = b.check();
            CAPTURE(seed);
            CHECK(ra == rb);
            if (ra == Result::Unsat) {
                const SmtProofCheck c = check_smt_proof(tm, a.proof());
                CHECK_MESSAGE(c.ok, c.error);
            }
            (ra == Result::Sat ? sat : unsat) += ra != Result::Unknown;
            propagated += statistic(a, "online-eager-row-propagations");
            CHECK(statistic(b, "online-eager-row-propagations") == 0);
        }
        CAPTURE(sort);
        CHECK(sat > 0);
        CHECK(unsat > 0);
        CHECK(propagated > 0);
    }
}
