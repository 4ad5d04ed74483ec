// The abstract domains of VINTA (src/verifier/domains): lattice laws of Box and Boxes on random
// elements and alpha/gamma, every semantic claim decided by a fresh solver. Fixed seeds.
#include <doctest/doctest.h>

#include <random>
#include <string>
#include <vector>

#include "smt/solver.hpp"
#include "verifier/domains/abstraction.hpp"
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

// A random formula over the variables: single- and two-variable literals, a Boolean constant,
// and every connective alpha reads (and, or, not, implies, ite, iff, xor).
smt::Term random_formula(Vars& w, std::mt19937& rng, int depth, smt::Term flag) {
    smt::TermManager& tm = w.tm;
    const int n = static_cast<int>(w.p.vars.size());
    if (depth == 0 || uniform(rng, 0, 4) == 0) {
        const smt::Term x = w.x(uniform(rng, 0, n - 1)), y = w.x(uniform(rng, 0, n - 1));
        const smt::Term c = w.num(uniform(rng, -8, 8));
        switch (uniform(rng, 0, 8)) {
            case 0: return tm.mk_leq(x, c);
            case 1: return tm.mk_lt(c, x);
            case 2: return tm.mk_eq(x, c);
            case 3: return tm.mk_leq(tm.mk_scale(mpq_class(uniform(rng, 2, 3)), x), c);  // 2x <= c: rounding
            case 4: return tm.mk_geq(tm.mk_scale(mpq_class(-2), x), c);                  // negative coefficient
            case 5: return tm.mk_leq(tm.mk_add(std::vector<smt::Term>{x, y}), c);        // two variables
            case 6: return tm.mk_eq(x, y);
            case 7: return flag;
            default: return tm.mk_not(tm.mk_eq(x, c));
        }
    }
    auto sub = [&] { return random_formula(w, rng, depth - 1, flag); };
    switch (uniform(rng, 0, 6)) {
        case 0: return tm.mk_and(sub(), sub());
        case 1: return tm.mk_or(sub(), sub());
        case 2: return tm.mk_not(sub());
        case 3: return tm.mk_implies(sub(), sub());
        case 4: return tm.mk_ite(sub(), sub(), sub());
        case 5: return tm.mk_eq(sub(), sub());
        default: return tm.mk_xor(sub(), sub());
    }
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
    // alpha(gamma(b)) = b: gamma is exact.
    verifier::Abstraction<verifier::BoxLattice> alpha(w.p, {});
    CHECK(alpha(gamma(y, w.p)).value == y);
    CHECK(alpha(gamma(y, w.p)).exact);
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

TEST_CASE("domains: gamma(alpha(f)) over-approximates f, exactly when alpha says so (random formulas)") {
    Vars w(3);
    const smt::Term flag = w.tm.mk_const(w.tm.declare_fun("flag", {}, smt::SortTable::Bool));
    std::mt19937 rng(4242);
    verifier::Abstraction<verifier::BoxLattice> box(w.p, {});
    verifier::Abstraction<verifier::BoxesLattice> boxes(w.p, {8});
    verifier::Abstraction<verifier::BoxesLattice> one_box(w.p, {1});
    int exact_box = 0, exact_boxes = 0;
    for (int round = 0; round < 150; ++round) {
        const smt::Term f = random_formula(w, rng, 4, flag);
        const auto& a = box(f);
        const auto& b = boxes(f);
        const auto& c = one_box(f);
        CHECK(w.implies(f, gamma(a.value, w.p)));
        CHECK(w.implies(f, gamma(b.value, w.p)));
        CHECK(w.implies(f, gamma(c.value, w.p)));
        CHECK(c.value.size() <= 1);
        if (a.exact) {
            ++exact_box;
            CHECK(w.implies(gamma(a.value, w.p), f));
        }
        if (b.exact) {
            ++exact_boxes;
            CHECK(w.implies(gamma(b.value, w.p), f));
        }
        // Boxes is never less precise than Box.
        CHECK(w.implies(gamma(b.value, w.p), gamma(a.value, w.p)));
    }
    // The exact case is exercised, and Boxes is exact more often (x != c, disjunctions).
    CHECK(exact_box > 10);
    CHECK(exact_boxes > exact_box);
}

TEST_CASE("domains: Boxes alpha of a product of disjunctions stays bounded") {
    // (x0 < 0 ∨ x0 > 5) ∧ ... ∧ (x7 < 0 ∨ x7 > 5): 256 boxes exactly, more than max_boxes.
    Vars w(8);
    std::vector<smt::Term> conj;
    for (VarId v = 0; v < 8; ++v)
        conj.push_back(w.tm.mk_or(w.tm.mk_lt(w.x(v), w.num(0)), w.tm.mk_lt(w.num(5), w.x(v))));
    const smt::Term f = w.tm.mk_and(conj);
    verifier::Abstraction<verifier::BoxesLattice> small(w.p, {32}), large(w.p, {256});
    const auto& a = small(f);
    CHECK(a.value.size() <= 32);
    CHECK_FALSE(a.exact);
    CHECK(w.implies(f, gamma(a.value, w.p)));
    const auto& b = large(f);
    CHECK(b.exact);
    CHECK(b.value.size() == 256);
    CHECK(w.equivalent(f, gamma(b.value, w.p)));
}
