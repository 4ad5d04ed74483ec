// The abstract domains of VINTA (src/verifier/domains): lattice laws of Box and Boxes on random
// elements, every semantic claim decided by a fresh solver. Fixed seeds.
#include <doctest/doctest.h>

#include <random>
#include <string>
#include <vector>

#include "smt/solver.hpp"
#include "verifier/domains/box.hpp"
#include "verifier/domains/boxes.hpp"

using namespace craig;
using verifier::Box;
using verifier::Boxes;
using verifier::Interval;
using verifier::VarId;

namespace {

// f is valid (its negation Unsat); an undecided check fails the test.
bool valid(smt::TermManager& tm, smt::Term f) {
    smt::Solver s(tm);
    s.assert_formula(tm.mk_not(f));
    const smt::Result r = s.check();
    REQUIRE(r != smt::Result::Unknown);
    return r == smt::Result::Unsat;
}

// A program with `n` Int variables and no edges: the vocabulary of the lattice tests.
struct Vars {
    smt::TermManager tm;
    verifier::Program p{tm};
    explicit Vars(int n) {
        for (int i = 0; i < n; ++i) {
            std::string name = "v";
            name += std::to_string(i);
            p.add_var(name, name, frontend::Type::of(frontend::TypeKind::Int), true, false);
        }
        p.index();
    }
    smt::Term x(VarId v) const { return p.vars[v].cur; }
    smt::Term num(long v) { return tm.mk_numeral(v, smt::SortTable::Int); }
    bool implies(smt::Term a, smt::Term b) { return valid(tm, tm.mk_implies(a, b)); }
    bool equivalent(smt::Term a, smt::Term b) { return implies(a, b) && implies(b, a); }
};

int uniform(std::mt19937& rng, int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); }

// How random elements are drawn: bounds within [-scale, scale], each infinite with probability
// `infinite` (the chains of the termination tests grow slowly through finite bounds only).
struct Draw {
    int scale = 10;
    double infinite = 0.25;
};

Interval random_interval(std::mt19937& rng, Draw d) {
    int a = uniform(rng, -d.scale, d.scale), b = uniform(rng, -d.scale, d.scale);
    if (a > b) std::swap(a, b);
    Interval i{mpz_class(a), mpz_class(b)};
    std::bernoulli_distribution inf(d.infinite);
    if (inf(rng)) i.lo.reset();
    if (inf(rng)) i.hi.reset();
    return i;
}

// A random non-bottom box: each of the n variables constrained with probability 2/3.
Box random_box(std::mt19937& rng, int n, Draw d = {}) {
    Box b;
    for (VarId v = 0; v < static_cast<VarId>(n); ++v)
        if (uniform(rng, 0, 2) != 0) b.set(v, random_interval(rng, d));
    return b;
}

Boxes random_boxes(std::mt19937& rng, int n, Draw d = {}) {
    Boxes r;
    for (int k = uniform(rng, 0, 4); k > 0; --k) r = unite(r, Boxes(random_box(rng, n, d)));
    return r;
}

bool pairwise_disjoint(const Boxes& b) {
    for (std::size_t i = 0; i < b.size(); ++i)
        for (std::size_t j = i + 1; j < b.size(); ++j)
            if (b.boxes()[i].intersects(b.boxes()[j])) return false;
    return true;
}

}  // namespace

TEST_CASE("domains: intervals, boxes and their gamma") {
    Vars w(2);
    const Interval a{mpz_class(0), mpz_class(5)}, b{mpz_class(3), mpz_class(9)};
    CHECK(join(a, b) == Interval{mpz_class(0), mpz_class(9)});
    CHECK(meet(a, b) == Interval{mpz_class(3), mpz_class(5)});
    CHECK(widen(a, b) == Interval::at_least(0));
    CHECK(widen(a, Interval{mpz_class(-1), mpz_class(5)}) == Interval::at_most(5));
    CHECK(Interval::at_most(2).touches(Interval::at_least(3)));
    CHECK_FALSE(Interval::at_most(2).touches(Interval::at_least(4)));
    CHECK(Interval::point(2).gap(Interval::point(7)) == 4);

    Box x;
    x.set(0, a);
    CHECK(gamma(Box::top(), w.p) == w.tm.mk_true());
    CHECK(gamma(Box::bottom(), w.p) == w.tm.mk_false());
    x.restrict(0, Interval::at_least(6));  // empty: the whole box is bottom
    CHECK(x.is_bottom());
    Box y;
    y.set(0, a);
    y.set(1, Interval::point(4));
    CHECK(w.equivalent(gamma(y, w.p),
                       w.tm.mk_and(std::vector<smt::Term>{w.tm.mk_leq(w.num(0), w.x(0)), w.tm.mk_leq(w.x(0), w.num(5)),
                                                          w.tm.mk_eq(w.x(1), w.num(4))})));
    // y \ [1,2]x[..]: disjoint pieces whose union is the difference.
    Box cut;
    cut.set(0, Interval{mpz_class(1), mpz_class(2)});
    const std::vector<Box> pieces = subtract(y, cut);
    CHECK(pieces.size() == 2);
    std::vector<smt::Term> disj;
    for (const Box& p : pieces) disj.push_back(gamma(p, w.p));
    CHECK(w.equivalent(w.tm.mk_or(disj), w.tm.mk_and(gamma(y, w.p), w.tm.mk_not(gamma(cut, w.p)))));
}

TEST_CASE("domains: Box join is an upper bound, meet is the intersection, widening terminates (random)") {
    Vars w(3);
    std::mt19937 rng(17);
    for (int round = 0; round < 150; ++round) {
        const Box a = random_box(rng, 3), b = random_box(rng, 3);
        const Box j = join(a, b);
        CHECK(w.implies(gamma(a, w.p), gamma(j, w.p)));
        CHECK(w.implies(gamma(b, w.p), gamma(j, w.p)));
        CHECK(j.contains(a));
        CHECK(w.equivalent(gamma(meet(a, b), w.p), w.tm.mk_and(gamma(a, w.p), gamma(b, w.p))));
        const Box wd = widen(a, j);
        CHECK(w.implies(gamma(j, w.p), gamma(wd, w.p)));
    }
    // Increasing chains a_0 ⊆ a_1 ⊆ ... of slowly growing random boxes (finite bounds, the scale
    // one larger per step): w_{i+1} = w_i ∇ a_{i+1} contains a_{i+1} and changes at most 2·3
    // times after its start.
    for (int chain = 0; chain < 40; ++chain) {
        Box a = random_box(rng, 3, {2, 0}), wi = a;
        int changes = 0;
        for (int i = 1; i <= 40; ++i) {
            a = join(a, random_box(rng, 3, {2 + i, 0}));
            const Box next = widen(wi, a);
            CHECK(next.contains(a));
            CHECK(next.contains(wi));
            if (!(next == wi)) ++changes;
            wi = next;
        }
        CHECK(changes <= 6);
    }
}

TEST_CASE("domains: Boxes union, intersection and difference are exact (random)") {
    Vars w(3);
    std::mt19937 rng(1717);
    for (int round = 0; round < 120; ++round) {
        const Boxes a = random_boxes(rng, 3), b = random_boxes(rng, 3);
        const smt::Term ga = gamma(a, w.p), gb = gamma(b, w.p);
        const Boxes u = unite(a, b), i = intersect(a, b), d = subtract(a, b);
        CHECK(pairwise_disjoint(u));
        CHECK(pairwise_disjoint(i));
        CHECK(pairwise_disjoint(d));
        CHECK(w.equivalent(gamma(u, w.p), w.tm.mk_or(ga, gb)));
        CHECK(w.equivalent(gamma(i, w.p), w.tm.mk_and(ga, gb)));
        CHECK(w.equivalent(gamma(d, w.p), w.tm.mk_and(ga, w.tm.mk_not(gb))));
        CHECK(u.contains(a));
        CHECK(u == unite(b, a));
        // Bounding the size only over-approximates.
        Boxes m = u;
        m.merge_to(1);
        CHECK(m.size() <= 1);
        CHECK(m.contains(u));
        CHECK(pairwise_disjoint(m));
    }
}

TEST_CASE("domains: Boxes widening contains its arguments and terminates on increasing chains (random)") {
    Vars w(3);
    std::mt19937 rng(171717);
    for (int chain = 0; chain < 40; ++chain) {
        Boxes a = random_boxes(rng, 3, {2, 0}), wi = a;
        int changes = 0, last_change = 0;
        for (int i = 1; i <= 40; ++i) {
            a = unite(a, random_boxes(rng, 3, {2 + i, 0}));
            a.merge_to(16);  // still an increasing chain
            Boxes next = widen(wi, a);
            next.merge_to(8);  // bounding the size keeps the endpoints: still terminating
            CHECK(next.contains(a));
            CHECK(next.contains(wi));
            if (!(next == wi)) {
                ++changes;
                last_change = i;
            }
            wi = next;
        }
        CHECK(changes <= 12);
        CHECK(last_change <= 25);
    }
}
