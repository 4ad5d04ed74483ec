#include <doctest/doctest.h>

#include "sat/sat_solver.hpp"

using namespace craig::sat;

TEST_CASE("satisfiable formula yields a model") {
    SatSolver s;
    int a = s.new_var(), b = s.new_var();
    s.add_clause({a, b});
    s.add_clause({-a});
    REQUIRE(s.solve() == SatResult::Sat);
    CHECK_FALSE(s.value(a));
    CHECK(s.value(b));
}

TEST_CASE("assumptions and failed assumptions") {
    SatSolver s;
    int a = s.new_var(), b = s.new_var(), c = s.new_var();
    s.add_clause({-a, b});
    s.add_clause({-b, -c});
    Lit assume[2] = {a, c};
    REQUIRE(s.solve(assume) == SatResult::Unsat);
    CHECK(s.failed(a));
    CHECK(s.failed(c));
    // Assumptions hold for one call only.
    REQUIRE(s.solve() == SatResult::Sat);
    Lit only_a[1] = {a};
    REQUIRE(s.solve(only_a) == SatResult::Sat);
    CHECK(s.value(b));
    CHECK_FALSE(s.value(c));
}

TEST_CASE("incremental clauses across solves") {
    SatSolver s;
    int a = s.new_var(), b = s.new_var();
    s.freeze(a);
    s.add_clause({a, b});
    REQUIRE(s.solve() == SatResult::Sat);
    s.add_clause({-a});
    REQUIRE(s.solve() == SatResult::Sat);
    CHECK(s.value(b));
    s.add_clause({-b});
    CHECK(s.solve() == SatResult::Unsat);
    CHECK(s.stats().solves == 3);
}

TEST_CASE("terminator stops the search") {
    // Pigeonhole 9 -> 8 is hard enough that an immediate stop is observed.
    SatSolver s;
    const int P = 10, H = 9;
    auto v = [&](int p, int h) { return p * H + h + 1; };
    for (int i = 0; i < P * H; ++i) s.new_var();
    for (int p = 0; p < P; ++p) {
        std::vector<Lit> c;
        for (int h = 0; h < H; ++h) c.push_back(v(p, h));
        s.add_clause(c);
    }
    for (int h = 0; h < H; ++h)
        for (int p = 0; p < P; ++p)
            for (int q = p + 1; q < P; ++q) s.add_clause({-v(p, h), -v(q, h)});
    s.set_terminator([] { return true; });
    CHECK(s.solve() == SatResult::Unknown);
}
