// EagerSimplex: bounds infeasible over the reals on a partial assignment, by level, with checked
// Farkas certificates; equations between terms; a root bound told late.
#include <doctest/doctest.h>

#include <algorithm>
#include <chrono>
#include <thread>
#include <string>
#include <vector>

#include "smt/eager_simplex.hpp"
#include "smt/lra_certificate.hpp"

using namespace craig::smt;
using craig::sat::Lit;

namespace {

struct Fixture {
    TermManager tm;
    Term x = tm.mk_const(tm.declare_fun("x", {}, SortTable::Int));
    Term y = tm.mk_const(tm.declare_fun("y", {}, SortTable::Int));
    Term z = tm.mk_const(tm.declare_fun("z", {}, SortTable::Int));
    EagerSimplex simplex{tm};
    Term num(int v) { return tm.mk_numeral(mpq_class(v), SortTable::Int); }
    Term add(Term a, Term b) {
        Term ab[2] = {a, b};
        return tm.mk_add(ab);
    }
    // Variables: 1 x + y <= 3, 2 x >= 2, 3 y >= 2, 4 x = y, 5 y - z <= 0, 6 z <= 1.
    Term atoms[6] = {tm.mk_leq(add(x, y), num(3)), tm.mk_geq(x, num(2)), tm.mk_geq(y, num(2)),
                     tm.mk_eq(x, y), tm.mk_leq(tm.mk_sub(y, z), num(0)), tm.mk_leq(z, num(1))};

    Fixture() {
        for (int v = 1; v <= 6; ++v) {
            // x >= 2 is (not (x <= 1)): the atom is what is under the negation.
            Term a = tm.kind(atoms[v - 1]) == Kind::Not ? tm.child(atoms[v - 1], 0) : atoms[v - 1];
            REQUIRE(EagerSimplex::watchable(tm, a));
            simplex.watch(v, a);
        }
        simplex.set_propagation(true);
        simplex.wake();
    }
    // The literal that makes atom v (as written above) true.
    Lit lit(int v) const { return tm.kind(atoms[v - 1]) == Kind::Not ? -v : v; }
    std::vector<Lit> conflict() {
        std::vector<Lit> lits;
        std::vector<LraCertificateEntry> cert;
        if (!simplex.conflict(lits, cert)) return {};
        std::string why;
        CHECK(check_lra_certificate(tm, cert, &why));
        std::sort(lits.begin(), lits.end());
        return lits;
    }
    static std::vector<Lit> sorted(std::vector<Lit> v) {
        std::sort(v.begin(), v.end());
        return v;
    }
};

}  // namespace

TEST_CASE("eager simplex: a conflict of three bounds over two rows, gone after backtracking") {
    Fixture f;
    REQUIRE(f.tm.kind(f.atoms[1]) == Kind::Not);  // x >= 2 is not (x <= 1)
    f.simplex.new_level();
    f.simplex.assigned(f.lit(1), false);  // x + y <= 3
    f.simplex.assigned(f.lit(2), false);  // x >= 2
    CHECK(f.conflict().empty());
    f.simplex.new_level();
    f.simplex.assigned(f.lit(3), false);  // y >= 2: no pair of these clashes, the three do
    CHECK(f.conflict() == Fixture::sorted({f.lit(1), f.lit(2), f.lit(3)}));
    CHECK(f.conflict().empty());  // once per state
    f.simplex.backtrack(1);
    CHECK(f.conflict().empty());
    f.simplex.backtrack(0);
    CHECK(f.simplex.stats().conflicts == 1);
}

TEST_CASE("eager simplex: an equation between terms is a row x - y = 0; a false one bounds nothing") {
    Fixture f;
    f.simplex.new_level();
    f.simplex.assigned(-4, false);  // x != y
    f.simplex.assigned(f.lit(2), false);  // x >= 2
    f.simplex.assigned(f.lit(5), false);  // y <= z
    f.simplex.assigned(f.lit(6), false);  // z <= 1
    CHECK(f.conflict().empty());
    f.simplex.backtrack(0);
    f.simplex.new_level();
    f.simplex.assigned(4, false);  // x = y
    f.simplex.assigned(f.lit(2), false);
    f.simplex.assigned(f.lit(5), false);
    f.simplex.new_level();
    f.simplex.assigned(f.lit(6), false);
    CHECK(f.conflict() == Fixture::sorted({4, f.lit(2), f.lit(5), f.lit(6)}));
}

TEST_CASE("eager simplex: a root bound told at a deeper level survives the backtrack") {
    Fixture f;
    f.simplex.new_level();
    f.simplex.new_level();
    f.simplex.assigned(f.lit(1), true);  // x + y <= 3 at the root
    f.simplex.backtrack(0);
    f.simplex.new_level();
    f.simplex.assigned(f.lit(2), false);
    f.simplex.assigned(f.lit(3), false);
    CHECK(f.conflict() == Fixture::sorted({f.lit(1), f.lit(2), f.lit(3)}));
}

TEST_CASE("eager simplex: asleep it builds nothing; woken, it catches up with the trail frame by frame") {
    TermManager tm;
    Term x = tm.mk_const(tm.declare_fun("x", {}, SortTable::Int));
    EagerSimplex simplex{tm};
    auto le = [&](int c) { return tm.mk_leq(x, tm.mk_numeral(mpq_class(c), SortTable::Int)); };
    simplex.watch(1, le(1));   // x <= 1
    simplex.watch(2, le(0));   // x <= 0
    simplex.watch(3, le(-1));  // x <= -1
    CHECK(simplex.stats().watched == 3);
    CHECK(simplex.stats().built == 0);
    simplex.assigned(1, true);  // x <= 1 at the root
    simplex.new_level();
    simplex.assigned(-3, false);  // x >= 0
    simplex.new_level();
    simplex.assigned(-2, false);  // x >= 1
    simplex.backtrack(1);         // x >= 1 undone before waking
    simplex.new_level();
    simplex.assigned(2, false);  // x <= 0
    std::vector<Lit> lits;
    std::vector<LraCertificateEntry> cert;
    CHECK_FALSE(simplex.conflict(lits, cert));  // asleep
    simplex.wake();
    CHECK(simplex.awake());
    CHECK(simplex.stats().built == 3);
    CHECK_FALSE(simplex.conflict(lits, cert));  // 0 <= x <= 0
    simplex.backtrack(1);  // x <= 0 goes, x >= 0 and x <= 1 stay
    simplex.new_level();
    simplex.assigned(-2, false);  // x >= 1: feasible with x <= 1
    CHECK_FALSE(simplex.conflict(lits, cert));
    Term le_m = tm.mk_leq(x, tm.mk_numeral(mpq_class(-2), SortTable::Int));  // 4: watched awake
    simplex.watch(4, le_m);
    CHECK(simplex.stats().built == 4);
    simplex.new_level();
    simplex.assigned(4, false);
    REQUIRE(simplex.conflict(lits, cert));
    std::string why;
    CHECK(check_lra_certificate(tm, cert, &why));
    std::sort(lits.begin(), lits.end());
    CHECK((lits == std::vector<Lit>{-3, 4} || lits == std::vector<Lit>{-2, 4}));
    simplex.backtrack(0);
    simplex.new_level();
    simplex.assigned(3, false);  // x <= -1 with the root's x <= 1: feasible
    CHECK_FALSE(simplex.conflict(lits, cert));
}

TEST_CASE("eager simplex: a clash in the trail is found on waking") {
    TermManager tm;
    Term x = tm.mk_const(tm.declare_fun("x", {}, SortTable::Int));
    EagerSimplex simplex{tm};
    simplex.watch(1, tm.mk_leq(x, tm.mk_numeral(mpq_class(0), SortTable::Int)));  // x <= 0
    simplex.watch(2, tm.mk_leq(x, tm.mk_numeral(mpq_class(5), SortTable::Int)));  // x <= 5
    simplex.new_level();
    simplex.assigned(1, false);
    simplex.new_level();
    simplex.assigned(-2, false);  // x >= 6
    simplex.wake();
    std::vector<Lit> lits;
    std::vector<LraCertificateEntry> cert;
    REQUIRE(simplex.conflict(lits, cert));
    std::sort(lits.begin(), lits.end());
    CHECK(lits == std::vector<Lit>{-2, 1});
    simplex.backtrack(1);
    CHECK_FALSE(simplex.conflict(lits, cert));
    simplex.new_level();
    simplex.assigned(2, false);
    CHECK_FALSE(simplex.conflict(lits, cert));
}

TEST_CASE("eager simplex: without set_propagation(true) it propagates nothing") {
    TermManager tm;
    Term x = tm.mk_const(tm.declare_fun("x", {}, SortTable::Real));
    Term y = tm.mk_const(tm.declare_fun("y", {}, SortTable::Real));
    Term xy[2] = {x, y};
    EagerSimplex simplex{tm};
    simplex.watch(1, tm.mk_leq(tm.mk_add(xy), tm.mk_numeral(mpq_class(0), SortTable::Real)));  // x + y <= 0
    simplex.watch(2, tm.mk_leq(x, tm.mk_numeral(mpq_class(0), SortTable::Real)));              // x <= 0
    simplex.watch(3, tm.mk_leq(y, tm.mk_numeral(mpq_class(0), SortTable::Real)));              // y <= 0
    simplex.wake();
    simplex.new_level();
    simplex.assigned(1, false);
    simplex.assigned(-2, false);  // x > 0: y < 0 follows, but is not propagated
    CHECK(simplex.propagate() == 0);
    CHECK(simplex.stats().propagations == 0);
}

TEST_CASE("eager simplex: a row's bounds decide an atom on another of its variables, with a checked reason") {
    Fixture f;
    f.simplex.new_level();
    f.simplex.assigned(f.lit(1), false);  // x + y <= 3
    f.simplex.assigned(f.lit(2), false);  // x >= 2
    CHECK(f.conflict().empty());
    const Lit p = f.simplex.propagate();
    REQUIRE(p == 3);  // y <= 1 (atom 3 is y <= 1; y >= 2 is its negation)
    std::vector<Lit> because;
    std::vector<LraCertificateEntry> cert;
    f.simplex.reason(p, because, cert);
    CHECK(Fixture::sorted(because) == Fixture::sorted({f.lit(1), f.lit(2)}));
    std::string why;
    CHECK_MESSAGE(check_lra_certificate(f.tm, cert, &why), why);
    CHECK(f.simplex.propagate() == 0);
    // Told y <= 1: the row x - y of the equation x = y is now at least 1, so x = y is false.
    f.simplex.assigned(3, false);
    const Lit q = f.simplex.propagate();
    REQUIRE(q == -4);
    f.simplex.reason(q, because, cert);
    CHECK(Fixture::sorted(because) == Fixture::sorted({f.lit(2), 3}));
    CHECK_MESSAGE(check_lra_certificate(f.tm, cert, &why), why);
    CHECK(f.simplex.propagate() == 0);
    CHECK(f.simplex.stats().propagations == 2);
    // Undone by the backtrack: nothing is implied at the root.
    f.simplex.backtrack(0);
    CHECK(f.simplex.propagate() == 0);
    f.simplex.new_level();
    f.simplex.assigned(f.lit(2), false);  // x >= 2 alone implies nothing
    CHECK(f.simplex.propagate() == 0);
}

TEST_CASE("eager simplex: asleep or with a pending conflict it propagates nothing") {
    TermManager tm;
    Term x = tm.mk_const(tm.declare_fun("x", {}, SortTable::Real));
    Term y = tm.mk_const(tm.declare_fun("y", {}, SortTable::Real));
    Term xy[2] = {x, y};
    auto num = [&](int c) { return tm.mk_numeral(mpq_class(c), SortTable::Real); };
    EagerSimplex simplex{tm};
    simplex.set_propagation(true);
    simplex.watch(1, tm.mk_leq(tm.mk_add(xy), num(0)));  // x + y <= 0
    simplex.watch(2, tm.mk_leq(x, num(0)));              // x <= 0
    simplex.watch(3, tm.mk_leq(y, num(0)));              // y <= 0
    simplex.watch(4, tm.mk_leq(x, num(-5)));             // x <= -5
    simplex.new_level();
    simplex.assigned(1, false);
    simplex.assigned(-2, false);      // x > 0
    CHECK(simplex.propagate() == 0);  // asleep
    simplex.wake();
    // Woken: x + y <= 0 and x > 0 give y < 0, so y <= 0 (x <= -5 is false by x > 0 alone, which
    // is no row's business).
    const Lit p = simplex.propagate();
    REQUIRE(p == 3);
    std::vector<Lit> because;
    std::vector<LraCertificateEntry> cert;
    simplex.reason(p, because, cert);
    std::string why;
    CHECK_MESSAGE(check_lra_certificate(tm, cert, &why), why);
    simplex.backtrack(0);
    simplex.new_level();
    simplex.assigned(-2, false);  // x > 0
    simplex.assigned(4, false);   // x <= -5: a clash, pending
    simplex.assigned(1, false);   // x + y <= 0 waits for the backtrack
    CHECK(simplex.propagate() == 0);
    std::vector<Lit> lits;
    REQUIRE(simplex.conflict(lits, cert));
    CHECK(simplex.propagate() == 0);
}

namespace {

// Rows with 40-bit coefficients over n variables, atoms r_k <= 0 and x_j >= 1 (as not x_j <= 0):
// checks that pivot through large numbers, for the throttle.
struct Heavy {
    static constexpr int n = 12;
    TermManager tm;
    EagerSimplex simplex{tm};
    std::vector<Lit> lits;
    explicit Heavy() {
        std::vector<Term> xs;
        for (int j = 0; j < n; ++j)
            xs.push_back(tm.mk_const(tm.declare_fun("x" + std::to_string(j), {}, SortTable::Real)));
        int var = 0;
        for (int k = 0; k < n; ++k) {
            std::vector<Term> sum;
            for (int j = 0; j < n; ++j) {
                const mpz_class c = (mpz_class(1) << 40) + 7919 * (k + 1) * (j + 3) * ((k + j) % 3 == 0 ? -1 : 1);
                sum.push_back(tm.mk_scale(mpq_class(c), xs[j]));
            }
            simplex.watch(++var, tm.mk_leq(tm.mk_add(sum), tm.mk_numeral(mpq_class(k), SortTable::Real)));
            lits.push_back(var);
        }
        for (int j = 0; j < n; ++j) {
            simplex.watch(++var, tm.mk_leq(xs[j], tm.mk_numeral(mpq_class(0), SortTable::Real)));
            lits.push_back(-var);  // x_j > 0
        }
        simplex.wake();
    }
    // One literal per decision level and a check after each: the checks' work is all there is.
    void heavy_round(unsigned round, void (*pause)()) {
        for (std::size_t i = 0; i < lits.size(); ++i) {
            simplex.new_level();
            simplex.assigned(lits[(i + round) % lits.size()], false);
            std::vector<Lit> c;
            std::vector<LraCertificateEntry> cert;
            if (simplex.conflict(c, cert)) break;
            if (pause) pause();
        }
        simplex.backtrack(0);
    }
};

}  // namespace

TEST_CASE("eager simplex: the throttle reads work, not the clock") {
    Heavy a, b;
    uint32_t widest = 1;
    for (unsigned round = 0; round < 40; ++round) {
        a.heavy_round(round, nullptr);
        b.heavy_round(round, [] { std::this_thread::sleep_for(std::chrono::microseconds(200)); });
        widest = std::max(widest, a.simplex.period());
        REQUIRE(a.simplex.period() == b.simplex.period());
    }
    CHECK(a.simplex.stats().checks == b.simplex.stats().checks);
    CHECK(a.simplex.stats().skipped == b.simplex.stats().skipped);
    CHECK(a.simplex.work() == b.simplex.work());
    CHECK(widest > 1);  // checks that do all the work are thinned out
}
