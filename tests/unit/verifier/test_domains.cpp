// The abstract domains of VINTA (src/verifier/domains): lattice laws of Box and Boxes on random
// elements, alpha/gamma, WIDENWITH's two laws (Def. 5.2 of Albarghouthi's thesis) and the
// soundness of APost over large-block edges of small C programs, every semantic claim decided by
// a fresh solver. Fixed seeds.
#include <doctest/doctest.h>

#include "lowered_program.hpp"

#include <memory>
#include <random>
#include <string>
#include <vector>

#include "frontend/frontend.hpp"
#include "smt/solver.hpp"
#include "verifier/domains/abstraction.hpp"
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
    Vars w(3);
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
                                                    : gamma(random_boxes(rng, 3), w.p));
            const smt::Term y =
                uniform(rng, 0, 2) == 0 ? random_formula(w, rng, 3, flag) : gamma(random_boxes(rng, 3), w.p);
            const smt::Term gx = w.tm.mk_or(x);
            CHECK(w.implies(y, d->abstract(y)));
            for (smt::Term f : x) CHECK(w.implies(f, d->join(x)));
            // Soundness: γ(X) ∨ γ(y) ⇒ γ(X) ∨ γ(X ∇_W y).
            CHECK(w.implies(w.tm.mk_or(gx, y), w.tm.mk_or(gx, d->widen_with(x, y))));
            // Termination: Z_i = Z_{i-1} ∪ {Z_{i-1} ∇_W y_i} stops growing.
            std::vector<smt::Term> z = x;
            int growing = 0, last_growth = 0;
            for (int i = 1; i <= 30; ++i) {
                const smt::Term yi = gamma(random_boxes(rng, 3, {2 + i, 0}), w.p);
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
            if (uniform(rng, 0, 2) == 0) b.set(v, random_interval(rng, {20, 0.3}));
        disj.push_back(gamma(b, p));
    }
    return p.terms().mk_or(disj);
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
        for (auto make : {verifier::make_box_domain, verifier::make_boxes_domain}) {
            auto d = make(p, base::Budget{}, {});
            CAPTURE(d->name());
            std::mt19937 rng(2024);
            for (verifier::EdgeId e = 0; e < p.edges.size(); ++e) {
                check_post_sound(p, *d, l.tm.mk_true(), e);
                for (int k = 0; k < 10; ++k) check_post_sound(p, *d, random_pre(p, rng, 1 + k % 2), e);
            }
        }
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
