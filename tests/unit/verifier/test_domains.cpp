// The abstract domains of VINTA (src/verifier/domains): lattice laws of Box and Boxes on random
// elements, alpha/gamma, WIDENWITH's two laws (Def. 5.2 of Albarghouthi's thesis) and the
// soundness of APost over large-block edges of small C programs, every semantic claim decided by
// a fresh solver. Fixed seeds. The lattice laws are checked over Int variables, Real variables
// (strict bounds, rational endpoints) and boxes mixing both.
#include <doctest/doctest.h>

#include "lowered_program.hpp"

#include <memory>
#include <random>
#include <string>
#include <vector>

#include "frontend/frontend.hpp"
#include "smt/solver.hpp"
#include "verifier/domains/abstraction.hpp"
#include "verifier/domains/bound_search.hpp"
#include "verifier/domains/box.hpp"
#include "verifier/domains/boxes.hpp"
#include "verifier/domains/domain.hpp"
#include "verifier/lowering/lowering.hpp"
#include "verifier/program/cur_next.hpp"
#include "verifier/program/large_block.hpp"

using namespace craig;
using verifier::Box;
using verifier::Boxes;
using verifier::Interval;
using verifier::VarId;

// Intervals in failure messages: [lo, hi] with ( ) for strict bounds, R for a set of reals.
template <>
struct doctest::StringMaker<Interval> {
    static doctest::String convert(const Interval& i) {
        std::string s = i.lo ? (i.lo_open ? "(" : "[") + i.lo->get_str() : std::string("(-inf");
        s += ", ";
        s += i.hi ? i.hi->get_str() + (i.hi_open ? ")" : "]") : std::string("inf)");
        if (i.real) s += "R";
        return s.c_str();
    }
};

namespace {

// f is valid (its negation Unsat); an undecided check fails the test.
bool valid(smt::TermManager& tm, smt::Term f) {
    smt::Solver s(tm);
    s.assert_formula(tm.mk_not(f));
    const smt::Result r = s.check();
    REQUIRE(r != smt::Result::Unknown);
    return r == smt::Result::Unsat;
}

// The sorts of the variables of a lattice test: all Int, all Real, or Int and Real alternating.
enum class Sorts { Int, Real, Mixed };
constexpr Sorts kAllSorts[] = {Sorts::Int, Sorts::Real, Sorts::Mixed};

// A program with `n` variables and no edges: the vocabulary of the lattice tests.
struct Vars {
    smt::TermManager tm;
    verifier::Program p{tm};
    explicit Vars(int n, Sorts sorts = Sorts::Int) {
        for (int i = 0; i < n; ++i) {
            std::string name = "v";
            name += std::to_string(i);
            const bool r = sorts == Sorts::Real || (sorts == Sorts::Mixed && i % 2 == 1);
            p.add_var(name, name, frontend::Type::of(frontend::TypeKind::Int), true, false, UINT32_MAX,
                      r ? smt::SortTable::Real : smt::SortTable::Int);
        }
        p.index();
    }
    smt::Term x(VarId v) const { return p.vars[v].cur; }
    bool real(VarId v) const { return tm.sort(x(v)) == smt::SortTable::Real; }
    smt::Term num(long v) { return tm.mk_numeral(v, smt::SortTable::Int); }
    // A numeral of v's sort.
    smt::Term num(VarId v, const mpq_class& c) { return tm.mk_numeral(c, tm.sort(x(v))); }
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

// Over the reals: bounds are halves, each finite one strict with probability 1/3 (a point
// stays closed, so the interval is never empty).
mpq_class half(int a) {
    mpq_class q(a, 2);
    q.canonicalize();
    return q;
}

Interval random_interval(std::mt19937& rng, Draw d, bool real = false) {
    const int scale = real ? 2 * d.scale : d.scale;
    int a = uniform(rng, -scale, scale), b = uniform(rng, -scale, scale);
    if (a > b) std::swap(a, b);
    Interval i{mpz_class(a), mpz_class(b)};
    if (real) {
        i = {half(a), half(b), a != b && uniform(rng, 0, 2) == 0, a != b && uniform(rng, 0, 2) == 0, true};
    }
    std::bernoulli_distribution inf(d.infinite);
    if (inf(rng)) {
        i.lo.reset();
        i.lo_open = false;
    }
    if (inf(rng)) {
        i.hi.reset();
        i.hi_open = false;
    }
    return i;
}

// A random non-bottom box: each of the n variables constrained with probability 2/3, over the
// reals where w says so (all Int without w).
Box random_box(std::mt19937& rng, int n, Draw d = {}, const Vars* w = nullptr) {
    Box b;
    for (VarId v = 0; v < static_cast<VarId>(n); ++v)
        if (uniform(rng, 0, 2) != 0) b.set(v, random_interval(rng, d, w && w->real(v)));
    return b;
}

Boxes random_boxes(std::mt19937& rng, int n, Draw d = {}, const Vars* w = nullptr) {
    Boxes r;
    for (int k = uniform(rng, 0, 4); k > 0; --k) r = unite(r, Boxes(random_box(rng, n, d, w)));
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
        const VarId vx = uniform(rng, 0, n - 1), vy = uniform(rng, 0, n - 1);
        // y of x's sort (x itself otherwise); over the reals constants are halves.
        const smt::Term x = w.x(vx), y = w.real(vx) == w.real(vy) ? w.x(vy) : x;
        const smt::Term c = w.real(vx) ? w.num(vx, half(uniform(rng, -16, 16))) : w.num(uniform(rng, -8, 8));
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
    for (Sorts sorts : kAllSorts) {
        CAPTURE(int(sorts));
        Vars w(3, sorts);
        std::mt19937 rng(17);
        for (int round = 0; round < 150; ++round) {
            const Box a = random_box(rng, 3, {}, &w), b = random_box(rng, 3, {}, &w);
            const Box j = join(a, b);
            CHECK(w.implies(gamma(a, w.p), gamma(j, w.p)));
            CHECK(w.implies(gamma(b, w.p), gamma(j, w.p)));
            CHECK(j.contains(a));
            CHECK(w.equivalent(gamma(meet(a, b), w.p), w.tm.mk_and(gamma(a, w.p), gamma(b, w.p))));
            const Box wd = widen(a, j);
            CHECK(w.implies(gamma(j, w.p), gamma(wd, w.p)));
            // The difference is exact: disjoint pieces whose union is a \ b.
            std::vector<smt::Term> pieces;
            for (const Box& piece : subtract(a, b)) pieces.push_back(gamma(piece, w.p));
            CHECK(w.equivalent(w.tm.mk_or(pieces), w.tm.mk_and(gamma(a, w.p), w.tm.mk_not(gamma(b, w.p)))));
        }
        // Increasing chains a_0 ⊆ a_1 ⊆ ... of slowly growing random boxes (finite bounds, the scale
        // one larger per step): w_{i+1} = w_i ∇ a_{i+1} contains a_{i+1} and changes at most 2·3
        // times after its start.
        for (int chain = 0; chain < 40; ++chain) {
            Box a = random_box(rng, 3, {2, 0}, &w), wi = a;
            int changes = 0;
            for (int i = 1; i <= 40; ++i) {
                a = join(a, random_box(rng, 3, {2 + i, 0}, &w));
                const Box next = widen(wi, a);
                CHECK(next.contains(a));
                CHECK(next.contains(wi));
                if (!(next == wi)) ++changes;
                wi = next;
            }
            CHECK(changes <= 6);
        }
    }
}

TEST_CASE("domains: Boxes union, intersection and difference are exact (random)") {
    for (Sorts sorts : kAllSorts) {
        CAPTURE(int(sorts));
        Vars w(3, sorts);
        std::mt19937 rng(1717);
        for (int round = 0; round < 120; ++round) {
            const Boxes a = random_boxes(rng, 3, {}, &w), b = random_boxes(rng, 3, {}, &w);
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
            // contains agrees with implication (it is a difference: exact).
            CHECK(a.contains(b) == w.implies(gb, ga));
        }
    }
}

// The inner loop of `while (i < n) { j = 0; while (j < i) { j++; s++; } i++; }` at its head:
// s >= 1 with j = 0, s >= 2 with j = 1, then s >= 3 with j = 2. The new box's s >= 3 is not one
// of a's endpoints; it falls back to a's nearest (s >= 2), so s stays bounded below. Dropping it
// to -infinity lost s >= 0 and made vinta-boxes refine without end on that program.
TEST_CASE("domains: Boxes widening moves an unknown bound to the nearest threshold, not to infinity") {
    auto box = [](const Interval& s, const Interval& j) {
        Box b;
        b.set(0, s);
        b.set(1, j);
        return b;
    };
    const Boxes a = unite(Boxes(box(Interval::at_least(1), Interval::point(0))),
                          Boxes(box(Interval::at_least(2), Interval::point(1))));
    const Boxes b = unite(a, Boxes(box(Interval::at_least(3), Interval::point(2))));
    const Boxes w = widen(a, b);
    CHECK(w.contains(b));
    CHECK(Boxes(box(Interval::at_least(1), Interval::top())).contains(w));
    CHECK(w.contains(Boxes(box(Interval::at_least(2), Interval::at_least(2)))));
    // Over the reals, strictness included: a = [0,1] ∪ [3,4] and the new (1,2) make [0,2), whose
    // upper end goes up to a's next endpoint, just below 3: [0,3) ∪ [3,4] = [0,4] (not [0,∞)).
    auto real_box = [](const mpq_class& lo, bool lo_open, const mpq_class& hi, bool hi_open) {
        Box b;
        b.set(0, Interval{lo, hi, lo_open, hi_open, true});
        return b;
    };
    const Boxes ar = unite(Boxes(real_box(0, false, 1, false)), Boxes(real_box(3, false, 4, false)));
    const Boxes wr = widen(ar, unite(ar, Boxes(real_box(1, true, 2, true))));
    CHECK(wr == Boxes(real_box(0, false, 4, false)));
}

TEST_CASE("domains: Boxes widening contains its arguments and terminates on increasing chains (random)") {
    for (Sorts sorts : kAllSorts) {
        CAPTURE(int(sorts));
        Vars w(3, sorts);
        std::mt19937 rng(171717);
        for (int chain = 0; chain < 40; ++chain) {
            Boxes a = random_boxes(rng, 3, {2, 0}, &w), wi = a;
            int changes = 0, last_change = 0;
            for (int i = 1; i <= 40; ++i) {
                a = unite(a, random_boxes(rng, 3, {2 + i, 0}, &w));
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
}

TEST_CASE("domains: gamma(alpha(f)) over-approximates f, exactly when alpha says so (random formulas)") {
    for (Sorts sorts : kAllSorts) {
        CAPTURE(int(sorts));
        Vars w(3, sorts);
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

TEST_CASE("domains: WIDENWITH on a counter: Box widens the last label, Boxes keeps the frontier") {
    Vars w(1);
    const smt::Term x = w.x(0);
    const smt::Term zero = w.tm.mk_eq(x, w.num(0)), one = w.tm.mk_eq(x, w.num(1));
    const smt::Term x_ge_0 = w.tm.mk_leq(w.num(0), x), x_ge_1 = w.tm.mk_leq(w.num(1), x);
    auto box = verifier::make_box_domain(w.p, base::Budget{});
    auto boxes = verifier::make_boxes_domain(w.p, base::Budget{});
    const smt::Term visited[1] = {zero};
    CHECK(w.equivalent(box->widen_with(visited, one), x_ge_0));    // x ∇ (x ⊔ y) = [0, ∞)
    CHECK(w.equivalent(boxes->widen_with(visited, one), x_ge_1));  // ([0,0] ∇ [0,1]) \ [0,0]
    CHECK(w.equivalent(box->widen_with({}, one), one));            // WIDENWITH(∅, y) = y
    CHECK(w.equivalent(boxes->widen_with({}, one), one));
    // A gap filled: only the states of y are new.
    const smt::Term outside[1] = {w.tm.mk_not(one)};
    CHECK(w.equivalent(boxes->widen_with(outside, one), one));
    // A label Boxes cannot represent (x ≠ aux for a constant outside the program) is never
    // subtracted: the result still covers y.
    const smt::Term other = w.tm.mk_const(w.tm.declare_fun("aux", {}, smt::SortTable::Int));
    const smt::Term inexact[1] = {w.tm.mk_not(w.tm.mk_eq(x, other))};
    CHECK(w.implies(one, boxes->widen_with(inexact, one)));
    CHECK(w.equivalent(box->join(std::vector<smt::Term>{zero, w.tm.mk_eq(x, w.num(3))}),
                       w.tm.mk_and(x_ge_0, w.tm.mk_leq(x, w.num(3)))));
    CHECK(w.equivalent(boxes->join(std::vector<smt::Term>{zero, one}), w.tm.mk_and(x_ge_0, w.tm.mk_leq(x, w.num(1)))));
    CHECK(box->stats().find("domain.widen.calls")->count == 2);
}

TEST_CASE("domains: WIDENWITH is sound and terminates (Def. 5.2, random sets)") {
    for (Sorts sorts : kAllSorts) {
        CAPTURE(int(sorts));
        Vars w(3, sorts);
        const smt::Term flag = w.tm.mk_const(w.tm.declare_fun("flag", {}, smt::SortTable::Bool));
        for (auto make : {verifier::make_box_domain, verifier::make_boxes_domain}) {
            auto d = make(w.p, base::Budget{}, {});
            CAPTURE(d->name());
            std::mt19937 rng(99);
            for (int round = 0; round < 25; ++round) {
                // X: labels of boxes and, as refinement makes them, formulas alpha cannot represent.
                std::vector<smt::Term> x;
                for (int k = uniform(rng, 0, 3); k > 0; --k)
                    x.push_back(uniform(rng, 0, 2) == 0 ? random_formula(w, rng, 3, flag)
                                                        : gamma(random_boxes(rng, 3, {}, &w), w.p));
                const smt::Term y = uniform(rng, 0, 2) == 0 ? random_formula(w, rng, 3, flag)
                                                            : gamma(random_boxes(rng, 3, {}, &w), w.p);
                const smt::Term gx = w.tm.mk_or(x);
                CHECK(w.implies(y, d->abstract(y)));
                for (smt::Term f : x) CHECK(w.implies(f, d->join(x)));
                // Soundness: γ(X) ∨ γ(y) ⇒ γ(X) ∨ γ(X ∇_W y).
                CHECK(w.implies(w.tm.mk_or(gx, y), w.tm.mk_or(gx, d->widen_with(x, y))));
                // Termination: Z_i = Z_{i-1} ∪ {Z_{i-1} ∇_W y_i} stops growing.
                std::vector<smt::Term> z = x;
                int growing = 0, last_growth = 0;
                for (int i = 1; i <= 30; ++i) {
                    const smt::Term yi = gamma(random_boxes(rng, 3, {2 + i, 0}, &w), w.p);
                    const smt::Term before = w.tm.mk_or(z);
                    z.push_back(d->widen_with(z, yi));
                    if (!w.implies(w.tm.mk_or(z), before)) {
                        ++growing;
                        last_growth = i;
                    }
                }
                // Box: every label the chain adds has bounds of the first x or infinite ones, so it
                // grows at most 2·3 + 1 times; Boxes: on the grid of alpha(X)'s endpoints.
                CHECK(growing <= 7);
                CHECK(last_growth <= 20);
            }
        }
    }
}

namespace {

// A lowered C program and its large-block encoding, sharing one TermManager.
struct Lowered : test::LoweredProgram {
    using LoweredProgram::LoweredProgram;
    VarId var(const std::string& c_name) const {
        for (VarId v = 0; v < blocks->vars.size(); ++v)
            if (blocks->var_origin(v).c_name == c_name) return v;
        FAIL("no variable " << c_name);
        return 0;
    }
    verifier::LocId loop_head() const {
        for (verifier::LocId l = 0; l < blocks->locs.size(); ++l)
            if (blocks->locs[l].loop_head) return l;
        FAIL("no loop head");
        return 0;
    }
    // The edge from `src` to `dst` (the first one).
    verifier::EdgeId edge(verifier::LocId src, verifier::LocId dst) const {
        for (verifier::EdgeId e : blocks->out(src))
            if (blocks->edges[e].dst == dst) return e;
        FAIL("no edge");
        return 0;
    }
};

// gamma(alpha(pre)) ∧ [[e]] ∧ frame ∧ ¬post' is Unsat, decided by a fresh solver.
void check_post_sound(const verifier::Program& p, verifier::AbstractDomain& d, smt::Term pre, verifier::EdgeId e) {
    smt::TermManager& tm = p.terms();
    const verifier::CurNext cn = verifier::cur_next(p);
    const smt::Term post = d.post(pre, e);
    const smt::Term step = verifier::instantiate(p, p.edges[e], cn.cur, cn.next, "#check", true, nullptr);
    smt::Solver s(tm);
    s.assert_formula(d.abstract(pre));
    s.assert_formula(step);
    s.assert_formula(tm.mk_not(tm.substitute(post, cn.to_next)));
    CHECK(s.check() == smt::Result::Unsat);
}

// Random pre-states over the program's variables (about a third of them constrained).
smt::Term random_pre(const verifier::Program& p, std::mt19937& rng, int disjuncts) {
    std::vector<smt::Term> disj;
    for (int k = 0; k < disjuncts; ++k) {
        Box b;
        for (VarId v = 0; v < p.vars.size(); ++v)
            if (uniform(rng, 0, 2) == 0)
                b.set(v, random_interval(rng, {20, 0.3}, p.terms().sort(p.vars[v].cur) == smt::SortTable::Real));
        disj.push_back(gamma(b, p));
    }
    return p.terms().mk_or(disj);
}

// check_post_sound for both domains on every edge of p, from true and `pres` random pre-states.
void check_posts_sound(const verifier::Program& p, unsigned seed, int pres) {
    for (auto make : {verifier::make_box_domain, verifier::make_boxes_domain}) {
        auto d = make(p, base::Budget{}, {});
        CAPTURE(d->name());
        std::mt19937 rng(seed);
        for (verifier::EdgeId e = 0; e < p.edges.size(); ++e) {
            check_post_sound(p, *d, p.terms().mk_true(), e);
            for (int k = 0; k < pres; ++k) check_post_sound(p, *d, random_pre(p, rng, 1 + k % 2), e);
        }
    }
}

const char* kPrograms[] = {
    // a counter against a nondeterministic bound
    "int main() { int n = __VERIFIER_nondet_int(); int x = 0; while (x < n) x++;"
    " __VERIFIER_assert(x >= n); return 0; }",
    // ite, multiplication of two variables (an uninterpreted c.mul), nondeterministic branches
    "int main() { int a = __VERIFIER_nondet_int(), b = __VERIFIER_nondet_int();"
    " int z = a > 0 ? a * b : -a;"
    " while (z > 3) { if (__VERIFIER_nondet_int()) z = z - b; else z = b > 2 ? z * b : z - 1; }"
    " __VERIFIER_assert(z != 7); return 0; }",
    // unsigned wrap-around and division by a constant (aux quotients)
    "int main() { unsigned int u = __VERIFIER_nondet_uint(); unsigned int v = 0;"
    " while (u > 10) { u = u / 2; v = v + u; } __VERIFIER_assert(u <= 10); return 0; }",
    // an input compared with the counter inside the loop body
    "int main() { int i = 0, s = 0; while (i < 10) { int j = __VERIFIER_nondet_int();"
    " if (j > i) s += j - i; else s -= 1; i++; } if (s < -10) reach_error(); return 0; }",
    // nested loops, a branch between cut points, a product of two counters
    "int main() { int i = 0, k = 0; while (i < 5) { int j = 0; while (j < i) {"
    " if (__VERIFIER_nondet_int()) k = k + j; else k = k * i; j++; } i++; }"
    " if (k < 0) reach_error(); return 0; }",
};

}  // namespace

TEST_CASE("domains: APost is sound on every large-block edge of small programs") {
    for (const char* code : kPrograms) {
        CAPTURE(code);
        Lowered l(code);
        const verifier::Program& p = *l.blocks;
        check_posts_sound(p, 2024, 10);
    }
}

TEST_CASE("domains: the Box post of a counter loop is exact and takes few queries") {
    Lowered l("int main() { int x = 0; while (x < 10) x++; __VERIFIER_assert(x == 10); return 0; }");
    const verifier::Program& p = *l.blocks;
    const VarId x = l.var("x");
    const verifier::LocId head = l.loop_head();
    auto d = verifier::make_box_domain(p, base::Budget{}, {});
    verifier::Abstraction<verifier::BoxLattice> alpha(p, {});
    auto x_in = [&](Interval i) {
        Box b;
        b.set(x, i);
        return gamma(b, p);
    };
    auto queries = [&] { return d->stats().find("domain.post.queries")->count; };

    const verifier::EdgeId body = l.edge(head, head);
    std::uint64_t before = queries();
    CHECK(alpha(d->post(x_in({mpz_class(0), mpz_class(5)}), body)).value.get(x) ==
          Interval{mpz_class(1), mpz_class(6)});
    const std::uint64_t counter_queries = queries() - before;
    before = queries();
    CHECK(alpha(d->post(x_in(Interval::at_least(0)), body)).value.get(x) == Interval{mpz_class(1), mpz_class(10)});
    const std::uint64_t guard_queries = queries() - before;
    MESSAGE("Box post queries: x in [0,5] over x++: " << counter_queries
                                                      << ", x >= 0 over [x<10] x++: " << guard_queries);
    CHECK(counter_queries <= 12);
    CHECK(guard_queries <= 12);
    // The same pre-state again: from the cache.
    before = queries();
    d->post(x_in(Interval::at_least(0)), body);
    CHECK(queries() == before);
    CHECK(d->stats().find("domain.post.cache_hits")->count == 1);

    // Leaving the loop: x = 10 exactly; the error edge cannot be taken from 0 <= x <= 10.
    CHECK(alpha(d->post(x_in(Interval::at_least(0)), l.edge(head, p.exit))).value.get(x) == Interval::point(10));
    CHECK(d->post(x_in({mpz_class(0), mpz_class(10)}), l.edge(head, p.error)) == l.tm.mk_false());
    CHECK(d->stats().find("domain.post.bottom")->count == 1);
}

TEST_CASE("domains: an expired budget costs precision, not soundness") {
    Lowered l(kPrograms[1]);
    const verifier::Program& p = *l.blocks;
    const base::Budget expired(std::chrono::steady_clock::now() - std::chrono::seconds(1));
    for (auto make : {verifier::make_box_domain, verifier::make_boxes_domain}) {
        auto d = make(p, expired, {});
        std::mt19937 rng(7);
        for (verifier::EdgeId e = 0; e < p.edges.size(); ++e) {
            const smt::Term pre = random_pre(p, rng, 2);
            check_post_sound(p, *d, pre, e);
            CHECK(d->post(pre, e) != l.tm.mk_false());  // undecided: never bottom
        }
        CHECK(d->stats().find("domain.post.unknown")->count > 0);
    }
}

// ---- Real variables: strict bounds, rational bounds, Real posts

TEST_CASE("domains: over the reals x < 3 stays strict, differences and x != c are exact") {
    Vars w(2, Sorts::Mixed);  // v0 Int, v1 Real
    const smt::Term i = w.x(0), x = w.x(1);
    auto rnum = [&](const mpq_class& c) { return w.num(VarId{1}, c); };
    verifier::Abstraction<verifier::BoxLattice> box(w.p, {});
    verifier::Abstraction<verifier::BoxesLattice> boxes(w.p, {});
    // x < 3 over Real is not x <= 2 (2.5 satisfies it) and is exact; over Int it is i <= 2.
    const auto& lt = box(w.tm.mk_lt(x, rnum(3)));
    CHECK(lt.exact);
    CHECK(lt.value.get(1) == Interval::real_at_most(3, true));
    CHECK(w.equivalent(gamma(lt.value, w.p), w.tm.mk_lt(x, rnum(3))));
    CHECK(w.implies(w.tm.mk_eq(x, rnum(mpq_class(5, 2))), gamma(lt.value, w.p)));
    CHECK(box(w.tm.mk_lt(i, w.num(3))).value.get(0) == Interval::at_most(2));
    // 2x = 5 is x = 5/2 over Real (over Int it would be false).
    const auto& eq = box(w.tm.mk_eq(w.tm.mk_scale(mpq_class(2), x), rnum(5)));
    CHECK(eq.value.get(1) == Interval::real_point(mpq_class(5, 2)));
    // x != 1: Box cannot say it, Boxes exactly as x < 1 or x > 1.
    const smt::Term ne = w.tm.mk_not(w.tm.mk_eq(x, rnum(1)));
    CHECK_FALSE(box(ne).exact);
    CHECK(boxes(ne).exact);
    CHECK(boxes(ne).value.size() == 2);
    CHECK(w.equivalent(gamma(boxes(ne).value, w.p), ne));

    // [0,5] \ [1,5] over Real is [0,1): the boundary 1 stays out, 1/2 and 0.999 stay in.
    Box a, cut;
    a.set(1, {mpq_class(0), mpq_class(5), false, false, true});
    cut.set(1, {mpq_class(1), mpq_class(5), false, false, true});
    const std::vector<Box> pieces = subtract(a, cut);
    REQUIRE(pieces.size() == 1);
    CHECK(pieces[0].get(1) == Interval{mpq_class(0), mpq_class(1), false, true, true});
    CHECK(w.equivalent(gamma(pieces[0], w.p), w.tm.mk_and(w.tm.mk_leq(rnum(0), x), w.tm.mk_lt(x, rnum(1)))));
    CHECK(Boxes(a).contains(Boxes(cut)));
    CHECK_FALSE(Boxes(cut).contains(Boxes(a)));
    // ... and gluing the piece back gives [0,5] again, one box (adjacent over the reals).
    const Boxes glued = unite(Boxes(pieces[0]), Boxes(cut));
    CHECK(glued.size() == 1);
    CHECK(glued == Boxes(a));
    // Over the integers [0,5] \ [1,5] is [0,0].
    Box ai, cuti;
    ai.set(0, {mpz_class(0), mpz_class(5)});
    cuti.set(0, {mpz_class(1), mpz_class(5)});
    REQUIRE(subtract(ai, cuti).size() == 1);
    CHECK(subtract(ai, cuti)[0].get(0) == Interval::point(0));

    // Adjacency over the reals: [0,2] and [3,5] are apart, [0,2) and [2,5] touch, (0,2) and
    // (2,5) do not (2 is in neither).
    const Interval r02{mpq_class(0), mpq_class(2), false, false, true},
        r35{mpq_class(3), mpq_class(5), false, false, true};
    CHECK_FALSE(r02.touches(r35));
    CHECK(r02.gap(r35) == 1);
    CHECK(Interval::real_at_most(2, true).touches(Interval::real_at_least(2)));
    CHECK_FALSE(Interval::real_at_most(2, true).touches(Interval::real_at_least(2, true)));
    CHECK(Interval::real_at_most(2).touches(Interval::real_at_least(2, true)));
    // Widening keeps a stable strict bound, drops a moved one.
    CHECK(widen(Interval::real_at_most(3, true), Interval::real_at_most(3, true)) == Interval::real_at_most(3, true));
    CHECK(widen(Interval::real_at_most(3, true), Interval::real_at_most(3)).is_top());
}

TEST_CASE("domains: the bound search finds rational and strict bounds of Real terms") {
    smt::TermManager tm;
    const smt::Term x = tm.mk_const(tm.declare_fun("x", {}, smt::SortTable::Real));
    const smt::Term n = tm.mk_const(tm.declare_fun("n", {}, smt::SortTable::Int));
    auto real = [&](const mpq_class& c) { return tm.mk_numeral(c, smt::SortTable::Real); };
    auto bounds = [&](smt::Term assertion, smt::Term t) {
        smt::Solver s(tm);
        s.assert_formula(assertion);
        REQUIRE(s.check() == smt::Result::Sat);
        verifier::BoundSearchStats stats;
        const verifier::BoundTarget target{t, Interval::top(), {}};
        return verifier::search_bounds(s, std::span(&target, 1), 16, stats)[0];
    };
    const smt::Term two_x = tm.mk_scale(mpq_class(2), x);
    // 0 <= 2x <= 5: the maximum is 5/2, attained.
    CHECK(bounds(tm.mk_and(tm.mk_leq(real(0), two_x), tm.mk_leq(two_x, real(5))), x) ==
          Interval{mpq_class(0), mpq_class(5, 2), false, false, true});
    // 0 < 2x < 5: the same bounds, both strict (t >= c + 1 Unsat would prove nothing here).
    CHECK(bounds(tm.mk_and(tm.mk_lt(real(0), two_x), tm.mk_lt(two_x, real(5))), x) ==
          Interval{mpq_class(0), mpq_class(5, 2), true, true, true});
    // An Int term keeps integer bounds: 0 <= 2n <= 5 gives [0, 2].
    const smt::Term two_n = tm.mk_scale(mpq_class(2), n);
    CHECK(bounds(tm.mk_and(tm.mk_leq(tm.mk_numeral(0, smt::SortTable::Int), two_n),
                           tm.mk_leq(two_n, tm.mk_numeral(5, smt::SortTable::Int))),
                 n) == Interval{mpz_class(0), mpz_class(2)});
}

namespace {

// A hand-made program over a Real x, a Real y and an Int i (as `craig chc` makes them):
// entry 0 -> 1 by x, y, i := 0, 0, 0; loop 1 -> 1 by [x < 3] x += 1/2, y := y + x (or y := 2x),
// i++; exit 1 -> 2 by [x >= 3]; error 1 -> 3 by [y < 0 and i = 5 or x = 7/2].
struct RealLoop {
    smt::TermManager tm;
    verifier::Program p{tm};
    verifier::EdgeId init = 0, body = 0, leave = 0, bad = 0;
    RealLoop() {
        const auto type = frontend::Type::of(frontend::TypeKind::Int);
        p.add_var("x", "x", type, true, false, UINT32_MAX, smt::SortTable::Real);
        p.add_var("y", "y", type, true, false, UINT32_MAX, smt::SortTable::Real);
        p.add_var("i", "i", type, true, false);
        for (int l = 0; l < 4; ++l) p.add_location({}, "main");
        auto edge = [&](verifier::LocId a, verifier::LocId b, smt::Term f, std::vector<VarId> writes) {
            verifier::Edge e;
            e.src = a;
            e.dst = b;
            e.formula = f;
            e.writes = std::move(writes);
            return p.add_edge(e);
        };
        const smt::Term x = p.vars[0].cur, y = p.vars[1].cur, i = p.vars[2].cur;
        const smt::Term x1 = p.vars[0].next, y1 = p.vars[1].next, i1 = p.vars[2].next;
        const smt::Term zero = r(0);
        init = edge(0, 1, tm.mk_and(std::vector<smt::Term>{tm.mk_eq(x1, zero), tm.mk_eq(y1, zero), tm.mk_eq(i1, k(0))}),
                    {0, 1, 2});
        const smt::Term step_y = tm.mk_or(tm.mk_eq(y1, tm.mk_add(std::vector<smt::Term>{y, x1})),
                                          tm.mk_eq(y1, tm.mk_scale(mpq_class(2), x1)));
        body = edge(1, 1,
                    tm.mk_and(std::vector<smt::Term>{
                        tm.mk_lt(x, r(3)), tm.mk_eq(x1, tm.mk_add(std::vector<smt::Term>{x, r(mpq_class(1, 2))})),
                        step_y, tm.mk_eq(i1, tm.mk_add(std::vector<smt::Term>{i, k(1)}))}),
                    {0, 1, 2});
        leave = edge(1, 2, tm.mk_leq(r(3), x), {});
        bad =
            edge(1, 3, tm.mk_or(tm.mk_and(tm.mk_lt(y, zero), tm.mk_eq(i, k(5))), tm.mk_eq(x, r(mpq_class(7, 2)))), {});
        p.entry = 0;
        p.exit = 2;
        p.error = 3;
        p.index();
    }
    smt::Term r(const mpq_class& c) { return tm.mk_numeral(c, smt::SortTable::Real); }
    smt::Term k(long c) { return tm.mk_numeral(c, smt::SortTable::Int); }
};

}  // namespace

TEST_CASE("domains: APost over Real and Int variables is sound and keeps strict bounds") {
    RealLoop l;
    const verifier::Program& p = l.p;
    check_posts_sound(p, 31, 15);
    // x in [0, 2] over [x < 3] x += 1/2: x' in [1/2, 5/2]; x in [0, 3) gives [1/2, 7/2), a strict
    // bound from the guard shifted by the step.
    auto d = verifier::make_box_domain(p, base::Budget{}, {});
    verifier::Abstraction<verifier::BoxLattice> alpha(p, {});
    auto x_in = [&](const Interval& i) {
        Box b;
        b.set(0, i);
        return gamma(b, p);
    };
    CHECK(alpha(d->post(x_in({mpq_class(0), mpq_class(2), false, false, true}), l.body)).value.get(0) ==
          Interval{mpq_class(1, 2), mpq_class(5, 2), false, false, true});
    CHECK(alpha(d->post(x_in(Interval::real_at_least(0)), l.body)).value.get(0) ==
          Interval{mpq_class(1, 2), mpq_class(7, 2), false, true, true});
    // From 0 <= x < 3 the error edge's x = 7/2 is impossible; with y unconstrained and i = 5
    // it is possible.
    CHECK(alpha(d->post(x_in({mpq_class(0), mpq_class(3), false, true, true}), l.bad)).value.is_bottom() == false);
    Box pre;
    pre.set(0, {mpq_class(0), mpq_class(3), false, true, true});
    pre.set(1, Interval::real_at_least(0));
    CHECK(d->post(gamma(pre, p), l.bad) == l.tm.mk_false());
}
