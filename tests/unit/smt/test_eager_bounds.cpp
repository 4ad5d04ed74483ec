// EagerBounds: contradicting bounds on one polynomial, by level, with checked certificates.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "smt/eager_bounds.hpp"
#include "smt/lra_certificate.hpp"

using namespace craig::smt;
using craig::sat::Lit;

namespace {

struct Fixture {
    TermManager tm;
    Term x = tm.mk_const(tm.declare_fun("x", {}, SortTable::Int));
    Term y = tm.mk_const(tm.declare_fun("y", {}, SortTable::Real));
    EagerBounds bounds{tm};
    Term num(int v, Sort s = SortTable::Int) { return tm.mk_numeral(mpq_class(v), s); }
    // Variables: 1 x <= 3, 2 x <= 4, 3 x = 5, 4 y < 2, 5 y <= 2.
    Term atoms[5] = {tm.mk_leq(x, num(3)), tm.mk_leq(x, num(4)), tm.mk_eq(x, num(5)),
                     tm.mk_lt(y, num(2, SortTable::Real)), tm.mk_leq(y, num(2, SortTable::Real))};

    Fixture() {
        for (int v = 1; v <= 5; ++v) {
            REQUIRE(EagerBounds::watchable(tm, atoms[v - 1]));
            bounds.watch(v, atoms[v - 1]);
        }
    }
    std::vector<Lit> conflict() {
        std::vector<Lit> lits;
        std::vector<LraCertificateEntry> cert;
        if (!bounds.conflict(lits, cert)) return {};
        std::string why;
        CHECK(check_lra_certificate(tm, cert, &why));
        std::sort(lits.begin(), lits.end());
        return lits;
    }
};

}  // namespace

TEST_CASE("eager bounds: conflicts between atoms over one polynomial, gone after backtracking") {
    Fixture f;
    f.bounds.new_level();
    f.bounds.assigned(2, false);  // x <= 4
    f.bounds.assigned(-1, false);  // not x <= 3: x >= 4 over the integers
    CHECK(f.conflict().empty());
    f.bounds.new_level();
    f.bounds.assigned(3, false);  // x = 5
    CHECK(f.conflict() == std::vector<Lit>{2, 3});
    CHECK(f.conflict().empty());  // once per state
    f.bounds.backtrack(1);
    CHECK(f.conflict().empty());
    f.bounds.new_level();
    f.bounds.assigned(-3, false);  // x != 5 bounds nothing
    CHECK(f.conflict().empty());
    // Reals: y < 2 and not y <= 2 (y > 2); strictness decides at the same constant.
    f.bounds.assigned(-5, false);
    CHECK(f.conflict().empty());
    f.bounds.assigned(4, false);
    CHECK(f.conflict() == std::vector<Lit>{-5, 4});
    f.bounds.backtrack(0);
    CHECK(f.conflict().empty());
    CHECK(f.bounds.stats().conflicts == 2);
}

TEST_CASE("eager bounds: a root bound told at a deeper level survives the backtrack") {
    Fixture f;
    f.bounds.new_level();
    f.bounds.new_level();
    f.bounds.assigned(1, true);  // x <= 3 at the root
    f.bounds.backtrack(0);
    f.bounds.new_level();
    f.bounds.assigned(3, false);  // x = 5
    CHECK(f.conflict() == std::vector<Lit>{1, 3});
}
