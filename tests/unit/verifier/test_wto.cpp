// Weak topological orderings (program/wto.hpp) of hand-made graphs: nested, sequential,
// self and irreducible loops, and on random graphs the defining property (every edge goes
// forward or back to the head of a component containing its source).
#include <doctest/doctest.h>

#include <random>
#include <utility>
#include <vector>

#include "verifier/program/wto.hpp"

using namespace craig;
using verifier::kNoLoc;
using verifier::LocId;
using verifier::Wto;

namespace {

// A program with n locations and the given edges (formula true), entry 0.
struct Graph {
    smt::TermManager tm;
    verifier::Program p{tm};
    Graph(unsigned n, const std::vector<std::pair<LocId, LocId>>& edges) {
        for (unsigned i = 0; i < n; ++i) p.add_location({}, "main");
        for (auto [a, b] : edges) {
            verifier::Edge e;
            e.src = a;
            e.dst = b;
            e.formula = tm.mk_true();
            p.add_edge(e);
        }
        p.entry = 0;
        p.index();
    }
};

}  // namespace

TEST_CASE("wto: nested loops, an exit and the error location last") {
    // 0 -> 1 (outer head) -> 2 (inner head) <-> 3; 2 -> 1; 1 -> 4 -> 5.
    Graph g(6, {{0, 1}, {1, 2}, {2, 3}, {3, 2}, {2, 1}, {1, 4}, {4, 5}});
    const LocId last[] = {5};
    Wto w(g.p, last);
    CHECK(w.to_string() == "0 (1 (2 3)) 4 5");
    CHECK(w.is_head(1));
    CHECK(w.is_head(2));
    CHECK_FALSE(w.is_head(3));
    CHECK(w.next(0) == 1);
    CHECK(w.next(1) == 2);
    CHECK(w.next(2) == 3);
    CHECK(w.next(3) == 2);  // the last element wraps to its head
    CHECK(w.exit(2) == 1);  // the inner loop is the last element of the outer one
    CHECK(w.exit(1) == 4);
    CHECK(w.next(4) == 5);
    CHECK(w.next(5) == kNoLoc);
    CHECK(w.head_of(3) == 2);
    CHECK(w.head_of(2) == 2);
    CHECK(w.head_of(4) == kNoLoc);
    CHECK(w.depth(3) == 2);
    CHECK(w.depth(1) == 1);
    CHECK(w.depth(0) == 0);
    CHECK(w.in_component(3, 1));
    CHECK(w.in_component(3, 2));
    CHECK_FALSE(w.in_component(4, 1));
}

TEST_CASE("wto: loops in sequence, a self-loop and an unreachable location") {
    // 0 -> 1 (self-loop) -> 2 -> 3 -> 2, 3 -> 4; location 5 is unreachable; 0 -> 6 (error).
    Graph g(7, {{0, 6}, {0, 1}, {1, 1}, {1, 2}, {2, 3}, {3, 2}, {3, 4}, {5, 4}});
    const LocId last[] = {6};
    Wto w(g.p, last);
    CHECK(w.to_string() == "0 (1) (2 3) 4 6");
    CHECK(w.next(1) == 1);
    CHECK(w.exit(1) == 2);
    CHECK(w.exit(2) == 4);
    CHECK(w.next(3) == 2);
    CHECK_FALSE(w.contains(5));
    CHECK(w.order().back() == 6);
}

TEST_CASE("wto: an irreducible loop gets the first location entered as its head") {
    // 0 -> 1, 0 -> 2, 1 <-> 2, 2 -> 3: the cycle 1 2 can be entered at either location.
    Graph g(4, {{0, 1}, {0, 2}, {1, 2}, {2, 1}, {2, 3}});
    Wto w(g.p);
    CHECK(w.to_string() == "0 (1 2) 3");
    CHECK(w.is_head(1));
    CHECK(w.next(2) == 1);
    CHECK(w.exit(1) == 3);
}

TEST_CASE("wto: on random graphs every edge goes forward or back to a head containing its source") {
    std::mt19937 rng(17);
    for (int round = 0; round < 300; ++round) {
        const unsigned n = 2 + rng() % 12;
        std::vector<std::pair<LocId, LocId>> edges;
        const unsigned m = rng() % (3 * n);
        for (unsigned i = 0; i < m; ++i) edges.emplace_back(rng() % n, rng() % n);
        Graph g(n, edges);
        Wto w(g.p);
        std::vector<unsigned> pos(n, UINT32_MAX);
        for (unsigned i = 0; i < w.order().size(); ++i) pos[w.order()[i]] = i;
        CAPTURE(w.to_string());
        CHECK(w.order().front() == 0);
        for (auto [a, b] : edges) {
            if (!w.contains(a)) continue;
            REQUIRE(w.contains(b));  // a successor of a reachable location is reachable
            const bool forward = pos[a] < pos[b];
            const bool back = w.is_head(b) && w.in_component(a, b);
            CAPTURE(a);
            CAPTURE(b);
            CHECK((forward || back));
        }
        // next() stays in the component or wraps to its head; exit() leaves the component.
        for (LocId l : w.order()) {
            const LocId h = w.head_of(l);
            if (w.next(l) != kNoLoc && h != kNoLoc) CHECK(w.in_component(w.next(l), h));
            if (w.is_head(l) && w.exit(l) != kNoLoc) CHECK_FALSE(w.in_component(w.exit(l), l));
        }
    }
}
