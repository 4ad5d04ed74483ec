// EUF interpolants (itp/euf_interpolation.cpp) on hand-made conflicts: every interpolant is
// checked with fresh solvers (A ⊨ I, I ∧ B unsat, shared symbols only, Strong ⊨ Weak), and
// where the strong interpolant is known it is compared with it up to equivalence.
#include <doctest/doctest.h>

#include "euf_itp_check.hpp"

using namespace craig;
using namespace craig::itp;
using namespace craig::itp::test;

namespace {

// One problem: a TermManager with an uninterpreted sort U and symbols of declared sides.
struct Problem {
    TermManager tm;
    smt::Sort u = tm.sorts().uninterpreted("U");
    std::vector<FuncId> a_local, b_local;
    std::vector<SidedLiteral> lits;

    FuncId fun(const std::string& name, size_t arity, char side, smt::Sort range = {}) {
        if (!range.valid()) range = u;
        FuncId f = tm.declare_fun(name, std::vector<smt::Sort>(arity, u), range);
        if (side == 'a') a_local.push_back(f);
        if (side == 'b') b_local.push_back(f);
        return f;
    }
    Term c(const std::string& name, char side) { return tm.mk_const(fun(name, 0, side)); }
    Term app(FuncId f, std::vector<Term> args) { return tm.mk_app(f, args); }
    void eq(Side s, Term x, Term y) { lits.push_back({tm.mk_eq(x, y), true, s}); }
    void ne(Side s, Term x, Term y) { lits.push_back({tm.mk_eq(x, y), false, s}); }
    void lit(Side s, Term atom, bool value) { lits.push_back({atom, value, s}); }
    Coloring coloring() { return coloring_of(tm, a_local, b_local); }
};

bool equivalent(TermManager& tm, Term x, Term y) { return unsat(tm, {tm.mk_not(tm.mk_eq(x, y))}); }

// Both systems: valid interpolants, Strong ⊨ Weak. Returns the strong one.
Term check_both(Problem& p) {
    Coloring col = p.coloring();
    std::string why;
    std::optional<Term> strong = interpolate(p.tm, p.lits, col, EufSystem::Strong, &why);
    REQUIRE_MESSAGE(strong, why);
    std::optional<Term> weak = interpolate(p.tm, p.lits, col, EufSystem::Weak, &why);
    REQUIRE_MESSAGE(weak, why);
    INFO("strong: " << smt::term_to_string(p.tm, *strong));
    INFO("weak: " << smt::term_to_string(p.tm, *weak));
    CHECK(interpolant_error(p.tm, p.lits, col, *strong) == "");
    CHECK(interpolant_error(p.tm, p.lits, col, *weak) == "");
    CHECK(unsat(p.tm, {*strong, p.tm.mk_not(*weak)}));
    return *strong;
}

}  // namespace

TEST_CASE("euf itp: a shared chain through an A-local constant") {
    Problem p;
    Term a = p.c("a", 'a'), s1 = p.c("s1", 's'), s2 = p.c("s2", 's');
    p.eq(Side::A, s1, a);
    p.eq(Side::A, a, s2);
    p.ne(Side::B, s1, s2);
    Term i = check_both(p);
    CHECK(equivalent(p.tm, i, p.tm.mk_eq(s1, s2)));
}

TEST_CASE("euf itp: the paper-style example with a congruence across the cut") {
    // x: A-local, y: B-local, z: shared, f shared.
    Problem p;
    FuncId f = p.fun("f", 1, 's');
    Term x1 = p.c("x1", 'a'), x2 = p.c("x2", 'a');
    Term y1 = p.c("y1", 'b'), y2 = p.c("y2", 'b');
    Term z1 = p.c("z1", 's'), z2 = p.c("z2", 's');
    p.eq(Side::A, x1, z1);
    p.eq(Side::A, x1, p.app(f, {x2}));
    p.eq(Side::A, x2, z2);
    p.eq(Side::B, y1, z2);
    p.eq(Side::B, p.app(f, {y1}), y2);
    p.ne(Side::B, y2, z1);
    Term i = check_both(p);
    // f(x2) = f(y1) is an A-local = B-local congruence: split through the new shared f(z2).
    CHECK(equivalent(p.tm, i, p.tm.mk_eq(z1, p.app(f, {z2}))));
}

TEST_CASE("euf itp: A-local congruence whose argument equality B proves (an implication)") {
    Problem p;
    FuncId g = p.fun("g", 1, 'a');
    Term a1 = p.c("a1", 'a'), a2 = p.c("a2", 'a');
    Term s1 = p.c("s1", 's'), s2 = p.c("s2", 's'), t1 = p.c("t1", 's'), t2 = p.c("t2", 's');
    Term b = p.c("b", 'b');
    p.eq(Side::A, a1, s1);
    p.eq(Side::A, s2, a2);
    p.eq(Side::A, t1, p.app(g, {a1}));
    p.eq(Side::A, t2, p.app(g, {a2}));
    p.eq(Side::B, s1, b);
    p.eq(Side::B, b, s2);
    p.ne(Side::B, t1, t2);
    Term i = check_both(p);
    CHECK(equivalent(p.tm, i, p.tm.mk_implies(p.tm.mk_eq(s1, s2), p.tm.mk_eq(t1, t2))));
}

TEST_CASE("euf itp: A-side disequality, arguments equal by B") {
    Problem p;
    FuncId g = p.fun("g", 1, 'a');
    Term a = p.c("a", 'a'), s1 = p.c("s1", 's'), s2 = p.c("s2", 's'), b = p.c("b", 'b');
    p.eq(Side::A, a, p.app(g, {s1}));
    p.ne(Side::A, a, p.app(g, {s2}));
    p.eq(Side::B, s1, b);
    p.eq(Side::B, b, s2);
    Term i = check_both(p);
    CHECK(equivalent(p.tm, i, p.tm.mk_not(p.tm.mk_eq(s1, s2))));
}

TEST_CASE("euf itp: B-local congruence with A-proved arguments") {
    Problem p;
    FuncId h = p.fun("h", 2, 'b');
    Term a = p.c("a", 'a'), s1 = p.c("s1", 's'), s2 = p.c("s2", 's'), s3 = p.c("s3", 's');
    Term b1 = p.c("b1", 'b'), b2 = p.c("b2", 'b');
    p.eq(Side::A, s1, a);
    p.eq(Side::A, a, s2);
    p.eq(Side::B, b1, p.app(h, {s1, s3}));
    p.eq(Side::B, b2, p.app(h, {s2, s3}));
    p.ne(Side::B, b1, b2);
    Term i = check_both(p);
    CHECK(equivalent(p.tm, i, p.tm.mk_eq(s1, s2)));
}

TEST_CASE("euf itp: mixed congruence with several arguments crossing the cut") {
    // m(a1, a2) is A-local, m(b1, b2) B-local; each argument pair meets at a shared term.
    Problem p;
    FuncId m = p.fun("m", 2, 's');
    Term a1 = p.c("a1", 'a'), a2 = p.c("a2", 'a'), b1 = p.c("b1", 'b'), b2 = p.c("b2", 'b');
    Term s1 = p.c("s1", 's'), s2 = p.c("s2", 's'), t = p.c("t", 's'), u = p.c("u", 's');
    p.eq(Side::A, a1, s1);
    p.eq(Side::A, a2, s2);
    p.eq(Side::A, t, p.app(m, {a1, a2}));
    p.eq(Side::B, s1, b1);
    p.eq(Side::B, s2, b2);
    p.eq(Side::B, u, p.app(m, {b1, b2}));
    p.ne(Side::B, t, u);
    Term i = check_both(p);
    CHECK(equivalent(p.tm, i, p.tm.mk_eq(t, p.app(m, {s1, s2}))));
}

TEST_CASE("euf itp: nested mixed congruences, argument proofs alternating sides") {
    // f(f(a)) vs f(f(b)) with a -A- s0 -B- b2 -B- s1 -A- a2 -A- s2 -B- b.
    Problem p;
    FuncId f = p.fun("f", 1, 's');
    Term a = p.c("a", 'a'), a2 = p.c("a2", 'a'), b = p.c("b", 'b'), b2 = p.c("b2", 'b');
    Term s0 = p.c("s0", 's'), s1 = p.c("s1", 's'), s2 = p.c("s2", 's');
    Term t = p.c("t", 's'), u = p.c("u", 's');
    p.eq(Side::A, a, s0);
    p.eq(Side::B, s0, b2);
    p.eq(Side::B, b2, s1);
    p.eq(Side::A, s1, a2);
    p.eq(Side::A, a2, s2);
    p.eq(Side::B, s2, b);
    p.eq(Side::A, t, p.app(f, {p.app(f, {a})}));
    p.eq(Side::B, u, p.app(f, {p.app(f, {b})}));
    p.ne(Side::A, t, u);
    check_both(p);
}

TEST_CASE("euf itp: long chain alternating A and B") {
    Problem p;
    const int n = 200;
    std::vector<Term> x;
    for (int i = 0; i <= n; ++i) {
        // even positions shared, odd positions local to the side of the two edges around them
        char side = i % 2 == 0 ? 's' : (i % 4 == 1 ? 'a' : 'b');
        x.push_back(p.c("x" + std::to_string(i), side));
    }
    for (int i = 0; i < n; ++i) p.eq((i / 2) % 2 == 0 ? Side::A : Side::B, x[i], x[i + 1]);
    p.ne(Side::B, x[0], x[n]);
    Term i = check_both(p);
    // The A-segments x[4k]..x[4k+2] are the clauses.
    std::vector<Term> conj;
    for (int k = 0; 4 * k + 2 <= n; ++k) conj.push_back(p.tm.mk_eq(x[4 * k], x[4 * k + 2]));
    CHECK(equivalent(p.tm, i, p.tm.mk_and(conj)));
}

TEST_CASE("euf itp: Boolean applications, the conflict is true = false") {
    Problem p;
    FuncId pr = p.fun("P", 1, 's', smt::SortTable::Bool);
    Term a = p.c("a", 'a'), b = p.c("b", 'b'), s = p.c("s", 's');
    p.lit(Side::A, p.app(pr, {a}), true);
    p.eq(Side::A, a, s);
    p.eq(Side::B, s, b);
    p.lit(Side::B, p.app(pr, {b}), false);
    Term i = check_both(p);
    CHECK(equivalent(p.tm, i, p.app(pr, {s})));

    // The same shared atom with both values: true -A- P(s) -B- false.
    Problem q;
    FuncId pq = q.fun("P", 1, 's', smt::SortTable::Bool);
    Term qs = q.c("s", 's');
    q.lit(Side::A, q.app(pq, {qs}), true);
    q.lit(Side::B, q.app(pq, {qs}), false);
    Term j = check_both(q);
    CHECK(equivalent(q.tm, j, q.app(pq, {qs})));
}

TEST_CASE("euf itp: Boolean predicate local to A, argument equality from B") {
    Problem p;
    FuncId q = p.fun("Q", 1, 'a', smt::SortTable::Bool);
    Term s1 = p.c("s1", 's'), s2 = p.c("s2", 's'), b = p.c("b", 'b');
    p.lit(Side::A, p.app(q, {s1}), true);
    p.lit(Side::A, p.app(q, {s2}), false);
    p.eq(Side::B, s1, b);
    p.eq(Side::B, b, s2);
    Term i = check_both(p);
    CHECK(equivalent(p.tm, i, p.tm.mk_not(p.tm.mk_eq(s1, s2))));
}

TEST_CASE("euf itp: Boolean arguments of applications") {
    // f(x = y) with the equality literal; f(P) with P a Boolean constant; (not Q) as argument.
    Problem p;
    FuncId g = p.tm.declare_fun("g", {smt::SortTable::Bool}, p.u);  // shared
    Term x = p.c("x", 'a'), s = p.c("s", 's');
    Term t = p.c("t", 's'), u = p.c("u", 's');
    Term xs = p.tm.mk_eq(x, s);
    p.eq(Side::A, x, s);  // the atom (x = s) is also the argument of g below
    p.eq(Side::A, t, p.tm.mk_app(g, std::vector<Term>{xs}));
    p.eq(Side::B, u, p.tm.mk_app(g, std::vector<Term>{p.tm.mk_true()}));
    p.ne(Side::B, t, u);
    check_both(p);

    Problem q;
    FuncId g2 = q.tm.declare_fun("g", {smt::SortTable::Bool}, q.u);
    FuncId bq = q.fun("Q", 0, 'b', smt::SortTable::Bool);
    Term qc = q.tm.mk_const(bq);
    Term t2 = q.c("t", 's'), u2 = q.c("u", 's');
    q.lit(Side::B, qc, true);
    q.eq(Side::B, u2, q.tm.mk_app(g2, std::vector<Term>{q.tm.mk_not(qc)}));
    q.eq(Side::A, t2, q.tm.mk_app(g2, std::vector<Term>{q.tm.mk_false()}));
    q.ne(Side::A, t2, u2);
    check_both(q);
}

TEST_CASE("euf itp: arithmetic interface equalities and distinct numerals") {
    Problem p;
    FuncId f = p.fun("f", 1, 's', smt::SortTable::Int);
    Term a = p.c("a", 'a'), b = p.c("b", 'b'), s = p.c("s", 's');
    Term three = p.tm.mk_numeral(3, smt::SortTable::Int);
    Term five = p.tm.mk_numeral(5, smt::SortTable::Int);
    p.eq(Side::A, a, s);
    p.eq(Side::A, p.app(f, {a}), three);
    p.eq(Side::B, s, b);
    p.eq(Side::B, p.app(f, {b}), five);
    Term i = check_both(p);
    CHECK(equivalent(p.tm, i, p.tm.mk_eq(p.app(f, {s}), three)));

    // Eq(x, y) of two arithmetic atoms.
    Problem q;
    FuncId g = q.fun("g", 1, 's', smt::SortTable::Int);
    FuncId xa = q.tm.declare_fun("x", {}, smt::SortTable::Int);
    q.a_local.push_back(xa);
    Term x = q.tm.mk_const(xa);
    Term sa = q.c("s", 's'), sb = q.c("t", 's'), bb = q.c("b", 'b');
    q.eq(Side::A, x, q.app(g, {sa}));
    q.eq(Side::A, x, q.app(g, {sb}));
    REQUIRE(q.tm.kind(q.lits.back().atom) == smt::Kind::Eq);
    q.eq(Side::B, sa, bb);
    q.lit(Side::B, q.tm.mk_eq(q.app(g, {bb}), q.app(g, {sb})), false);
    check_both(q);
}

TEST_CASE("euf itp: linear arithmetic equalities are equations of a polynomial") {
    // (x + y = 3) on A, h(x + y) != h(3) on B: the polynomial is an argument like any term.
    Problem p;
    FuncId h = p.tm.declare_fun("h", {smt::SortTable::Int}, p.u);
    p.b_local.push_back(h);
    Term x = p.tm.mk_const(p.tm.declare_fun("x", {}, smt::SortTable::Int));
    Term y = p.tm.mk_const(p.tm.declare_fun("y", {}, smt::SortTable::Int));
    Term sum = p.tm.mk_add(std::vector<Term>{x, y});
    Term three = p.tm.mk_numeral(3, smt::SortTable::Int);
    REQUIRE(p.tm.kind(sum) == smt::Kind::Linear);
    p.eq(Side::A, sum, three);
    p.ne(Side::B, p.tm.mk_app(h, std::vector<Term>{sum}), p.tm.mk_app(h, std::vector<Term>{three}));
    Term i = check_both(p);
    CHECK(equivalent(p.tm, i, p.tm.mk_eq(sum, three)));

    // f(s) = 2x on A and f(b) != 2x, s = b on B: unsat in arithmetic, but the normal forms
    // (2x - f(s) = 0) do not name f(s) as a term, so congruence closure alone sees no conflict.
    Problem q;
    FuncId f = q.fun("f", 1, 's', smt::SortTable::Int);
    Term z = q.tm.mk_const(q.tm.declare_fun("z", {}, smt::SortTable::Int));
    Term s = q.c("s", 's'), b = q.c("b", 'b');
    Term two_z = q.tm.mk_scale(2, z);
    q.lits.push_back({q.tm.mk_eq(q.app(f, {s}), two_z), true, Side::A});
    q.eq(Side::B, s, b);
    q.lits.push_back({q.tm.mk_eq(q.app(f, {b}), two_z), false, Side::B});
    Coloring col = q.coloring();
    std::string why;
    CHECK_FALSE(interpolate(q.tm, q.lits, col, EufSystem::Strong, &why));
    CHECK(why.find("linear normal form") != std::string::npos);
}

TEST_CASE("euf itp: one-sided conflicts, consistent sets and misplaced literals") {
    Problem p;
    Term a = p.c("a", 'a'), s = p.c("s", 's'), b = p.c("b", 'b');
    p.eq(Side::A, a, s);
    p.ne(Side::A, a, s);
    Coloring col = p.coloring();
    CHECK(interpolate(p.tm, p.lits, col, EufSystem::Strong) == p.tm.mk_false());
    CHECK(interpolate(p.tm, p.lits, col, EufSystem::Weak) == p.tm.mk_false());
    for (auto& l : p.lits) l.side = Side::B;
    p.lits[0].atom = p.tm.mk_eq(b, s);
    p.lits[1].atom = p.tm.mk_eq(b, s);
    CHECK(interpolate(p.tm, p.lits, col, EufSystem::Strong) == p.tm.mk_true());

    Problem q;
    Term qa = q.c("a", 'a'), qs = q.c("s", 's'), qt = q.c("t", 's');
    q.eq(Side::A, qa, qs);
    q.ne(Side::B, qs, qt);  // consistent
    Coloring qc = q.coloring();
    std::string why;
    CHECK_FALSE(interpolate(q.tm, q.lits, qc, EufSystem::Strong, &why));
    CHECK(why.find("consistent") != std::string::npos);
    q.lits[1] = {q.tm.mk_eq(qa, qt), false, Side::B};  // an A-local literal on side B
    CHECK_FALSE(interpolate(q.tm, q.lits, qc, EufSystem::Strong, &why));
}

TEST_CASE("euf itp: deep nesting does not recurse") {
    // t = f^k(a) on A, u = f^k(b) on B, a = s = b: every level is a mixed congruence.
    Problem p;
    FuncId f = p.fun("f", 1, 's');
    Term a = p.c("a", 'a'), b = p.c("b", 'b'), s = p.c("s", 's');
    Term t = p.c("t", 's'), u = p.c("u", 's');
    const int k = 3000;
    Term fa = a, fb = b, fs = s;
    for (int i = 0; i < k; ++i) {
        fa = p.app(f, {fa});
        fb = p.app(f, {fb});
        fs = p.app(f, {fs});
    }
    p.eq(Side::A, a, s);
    p.eq(Side::B, s, b);
    p.eq(Side::A, t, fa);
    p.eq(Side::B, u, fb);
    p.ne(Side::B, t, u);
    Coloring col = p.coloring();
    std::string why;
    std::optional<Term> i = interpolate(p.tm, p.lits, col, EufSystem::Strong, &why);
    REQUIRE_MESSAGE(i, why);
    CHECK(*i == p.tm.mk_eq(t, fs));
    std::optional<Term> w = interpolate(p.tm, p.lits, col, EufSystem::Weak, &why);
    REQUIRE_MESSAGE(w, why);
    // Swapped, B's disequality is on the "A" side: ¬(t = f^k(s)) is that side's clause, negated.
    CHECK(*w == p.tm.mk_eq(t, fs));
}

TEST_CASE("euf itp: a mixed congruence inside the argument of a shared congruence") {
    // y3 = g(z3, y2) on B, z4 = g(z3, x3) on A; y2 = f(y1) ~ f(x2) = x1 = z1 = x3 across the cut.
    Problem p;
    FuncId f = p.fun("f", 1, 's'), g = p.fun("g", 2, 's'), h = p.fun("h", 1, 'b');
    Term x1 = p.c("x1", 'a'), x2 = p.c("x2", 'a'), x3 = p.c("x3", 'a');
    Term y1 = p.c("y1", 'b'), y2 = p.c("y2", 'b'), y3 = p.c("y3", 'b');
    Term z1 = p.c("z1", 's'), z2 = p.c("z2", 's'), z3 = p.c("z3", 's'), z4 = p.c("z4", 's');
    p.eq(Side::A, x1, z1);
    p.eq(Side::A, x1, p.app(f, {x2}));
    p.eq(Side::A, x2, z2);
    p.eq(Side::A, p.app(g, {z3, x3}), z4);
    p.eq(Side::A, x3, z1);
    p.eq(Side::B, y1, z2);
    p.eq(Side::B, p.app(f, {y1}), y2);
    p.eq(Side::B, p.app(g, {z3, y2}), y3);
    p.ne(Side::B, p.app(h, {y3}), p.app(h, {z4}));
    Term i = check_both(p);
    CHECK(equivalent(p.tm, i, p.tm.mk_eq(z4, p.app(g, {z3, p.app(f, {z2})}))));
}
