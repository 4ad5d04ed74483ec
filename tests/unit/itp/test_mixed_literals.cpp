// AB-mixed literals (mixed_literals.hpp): the EQ and LA rules on hand-made leaves, and whole
// problems whose proofs need interface equalities between A-local and B-local terms.
#include <doctest/doctest.h>

#include "itp/mixed_literals.hpp"
#include "itp_test_util.hpp"
#include "term_fixture.hpp"

using namespace craig;
using namespace craig::itp;
using namespace craig::itp::test;
using smt::FuncId;
using smt::SortTable;
using smt::Term;

namespace {

struct Fix : TermFixture {
    // Every Boolean system, LRA system and EUF system: an interpolant that the checker accepts.
    void all_systems(Partitioned& p) {
        for (BoolSystem bs : kBoolSystems)
            for (LraSystem ls : kLraSystems)
                for (EufSystem es : {EufSystem::Strong, EufSystem::Weak}) checked_sequence(p, opts(bs, ls, es));
    }
};

}  // namespace

TEST_CASE_FIXTURE(Fix, "EQ rule: P(s) of the disequality premise becomes the equality premise at s") {
    Term a = uc("a"), b = uc("b"), s = uc("s");
    Term ab = tm.mk_eq(a, b);
    // Sides: a on A, b on B, s shared.
    Term fa[2] = {tm.mk_eq(a, s), tm.mk_eq(s, s)}, fb[1] = {tm.mk_eq(b, s)};
    Coloring col = Coloring::of_sides(tm, fa, fb);
    MixedLiterals m(tm, col);
    std::string why;
    REQUIRE(col.color(ab) == Color::Mixed);
    REQUIRE(m.supported(ab, &why));
    ItpOptions o;
    // ¬C1 = {a = b, a = s, b ≠ s}: I1 mentions x (a = x on A, x = b on B).
    MixedLiterals::Literal c1[3] = {
        {ab, true, true, Side::A}, {tm.mk_eq(a, s), true, false, Side::A}, {tm.mk_eq(b, s), false, false, Side::B}};
    auto i1 = m.euf_leaf(c1, o, &why);
    INFO(why);
    REQUIRE(i1);
    CHECK(m.mentions_aux(*i1));
    // ¬C2 = {a ≠ b, a = s, b = s}: I2 mentions P (P(a) on A, ¬P(b) on B).
    MixedLiterals::Literal c2[3] = {
        {ab, false, true, Side::A}, {tm.mk_eq(a, s), true, false, Side::A}, {tm.mk_eq(b, s), true, false, Side::B}};
    auto i2 = m.euf_leaf(c2, o, &why);
    REQUIRE(i2);
    CHECK(m.mentions_aux(*i2));
    // Resolvent {a ≠ s, b = s} ∨ ... : ¬D = {a = s (A), b ≠ s, b = s (B)}: B alone is false, so the
    // partial interpolant must be implied by A and contradict nothing: here it is true.
    auto r = m.resolve(ab, *i2, *i1, &why);
    INFO(why);
    REQUIRE(r);
    CHECK_FALSE(m.mentions_aux(*r));
    CHECK(*r == tm.mk_true());
    // The wrong premise order is refused, not guessed.
    CHECK_FALSE(m.resolve(ab, *i1, *i2, &why));
}

TEST_CASE_FIXTURE(Fix, "LA rule: two Farkas leaves over a mixed bound combine without x") {
    Term a = real("a"), b = real("b");
    Term fa[1] = {tm.mk_leq(a, num(0))}, fb[1] = {tm.mk_leq(b, num(0))};
    Coloring col = Coloring::of_sides(tm, fa, fb);
    MixedLiterals m(tm, col);
    std::string why;
    Term p = tm.mk_leq(tm.mk_sub(a, b), num(0));  // a - b <= 0
    REQUIRE(m.supported(p, &why));
    // ¬C1 = {a - b <= 0, a >= 1 (A), b <= 0 (B)}: A projection a - x <= 0, so I1 says x >= 1.
    smt::LraCertificateEntry e1[3] = {
        {p, true, true, 1}, {tm.mk_lt(a, num(1)), false, true, 1}, {tm.mk_leq(b, num(0)), true, true, 1}};
    MixedLiterals::Literal l1[3] = {
        {p, true, true, Side::A}, {e1[1].atom, false, false, Side::A}, {e1[2].atom, true, false, Side::B}};
    auto i1 = m.farkas_leaf(e1, l1, &why);
    INFO(why);
    REQUIRE(i1);
    // ¬C2 = {a - b > 0, a <= 0 (A), b >= 0 (B)}: A projection -a + x <= 0, so I2 says x <= 0.
    smt::LraCertificateEntry e2[3] = {
        {p, false, true, 1}, {tm.mk_leq(a, num(0)), true, true, 1}, {tm.mk_lt(b, num(0)), false, true, 1}};
    MixedLiterals::Literal l2[3] = {
        {p, false, true, Side::A}, {e2[1].atom, true, false, Side::A}, {e2[2].atom, false, false, Side::B}};
    auto i2 = m.farkas_leaf(e2, l2, &why);
    REQUIRE(i2);
    // Resolvent: ¬D|A = a >= 1 ∧ a <= 0 is false, so the only interpolant B allows is false.
    auto r = m.resolve(p, *i2, *i1, &why);
    INFO(why);
    REQUIRE(r);
    CHECK(*r == tm.mk_false());
    CHECK_FALSE(m.resolve(p, *i1, *i2, &why));  // polarity checked
}

TEST_CASE_FIXTURE(Fix, "an atom over an AB-mixed term is not a supported mixed literal") {
    FuncId g = tm.declare_fun("g", {SortTable::Real, SortTable::Real}, SortTable::Real);
    Term a = real("a"), b = real("b"), c = real("c");
    Term gab = tm.mk_app(g, std::vector<Term>{a, b});
    Term fa[1] = {tm.mk_leq(a, c)}, fb[1] = {tm.mk_leq(b, c)};
    Coloring col = Coloring::of_sides(tm, fa, fb);
    MixedLiterals m(tm, col);
    std::string why;
    CHECK_FALSE(m.supported(tm.mk_eq(gab, c), &why));
    CHECK(!why.empty());
    CHECK_FALSE(m.supported(tm.mk_leq(tm.mk_sub(gab, c), num(0)), &why));
}

TEST_CASE_FIXTURE(Fix, "QF_UFLRA: interface equality f(a1) = f(b1) between A-local and B-local terms") {
    FuncId f = tm.declare_fun("f", {SortTable::Real}, SortTable::Real);
    Term a1 = real("a1"), a2 = real("a2"), b1 = real("b1"), b2 = real("b2");
    Term x1 = real("x1"), x2 = real("x2"), y = real("y");
    Partitioned p(tm, {{tm.mk_leq(a1, x1), tm.mk_eq(app(f, a1), a2), tm.mk_leq(y, a1), tm.mk_lt(a2, x2)},
                       {tm.mk_leq(x1, b1), tm.mk_eq(app(f, b1), b2), tm.mk_leq(b1, y), tm.mk_lt(x2, b2)}});
    REQUIRE(p.solver.check() == smt::Result::Unsat);
    all_systems(p);
}

TEST_CASE_FIXTURE(Fix, "QF_UFLRA: interface equality of offset arguments f(a1 + 5) = f(b1 - 7)") {
    FuncId f = tm.declare_fun("f", {SortTable::Real}, SortTable::Real);
    Term a1 = real("a1"), a2 = real("a2"), b1 = real("b1"), b2 = real("b2");
    Term x1 = real("x1"), x2 = real("x2"), y = real("y");
    Term b12 = add(b1, num(-12));
    Partitioned p(tm,
                  {{tm.mk_leq(a1, x1), tm.mk_eq(app(f, add(a1, num(5))), a2), tm.mk_leq(y, a1), tm.mk_lt(a2, x2)},
                   {tm.mk_leq(x1, b12), tm.mk_eq(app(f, add(b1, num(-7))), b2), tm.mk_leq(b12, y), tm.mk_lt(x2, b2)}});
    REQUIRE(p.solver.check() == smt::Result::Unsat);
    all_systems(p);
}

TEST_CASE_FIXTURE(Fix, "QF_UFLIA: the integer LA rule, with a coefficient 2 (div in the interpolant)") {
    FuncId f = tm.declare_fun("f", {SortTable::Int}, SortTable::Int);
    Term x = integer("x"), y = integer("y"), z = integer("z");
    Partitioned p(tm, {{tm.mk_eq(tm.mk_scale(2, x), y), tm.mk_eq(app(f, x), inum(1))},
                       {tm.mk_eq(tm.mk_scale(2, z), y), tm.mk_eq(app(f, z), inum(0))}});
    REQUIRE(p.solver.check() == smt::Result::Unsat);
    all_systems(p);
}

TEST_CASE_FIXTURE(Fix, "QF_UFLRA sequence of three partitions: mixed atoms in some cuts") {
    FuncId f = tm.declare_fun("f", {SortTable::Real}, SortTable::Real);
    Term a = real("a"), b = real("b"), c = real("c"), s = real("s"), t = real("t");
    // a = s (A), s <= b <= t and f(b) = 1 (B), t <= c, s >= c... chain: a = b = c, f(a) = 0, f(c) = 2.
    Partitioned p(tm, {{tm.mk_leq(s, a), tm.mk_leq(a, t), tm.mk_eq(app(f, a), num(0))},
                       {tm.mk_leq(s, b), tm.mk_leq(b, t), tm.mk_eq(app(f, b), app(f, c))},
                       {tm.mk_leq(t, c), tm.mk_leq(c, s), tm.mk_eq(app(f, c), num(2))}});
    REQUIRE(p.solver.check() == smt::Result::Unsat);
    for (BoolSystem bs : kBoolSystems) checked_sequence(p, opts(bs));
}

TEST_CASE_FIXTURE(Fix, "QF_LIA: a GCD conflict split by the cut is the resolution of its two sides") {
    Term x = integer("x"), y = integer("y"), z = integer("z");
    // y even in A, odd in B: the split x - z <= 0 or >= 1 mixes A and B (div in the interpolant).
    Partitioned p(tm, {{tm.mk_eq(tm.mk_scale(2, x), y)}, {tm.mk_eq(add(tm.mk_scale(2, z), inum(1)), y)}});
    REQUIRE(p.solver.check() == smt::Result::Unsat);
    for (BoolSystem bs : kBoolSystems) {
        Term i = checked_sequence(p, opts(bs))[0];
        // Every interpolant here says that y is even.
        CHECK(implies(tm, i, tm.mk_not(tm.mk_eq(y, tm.mk_numeral(7, SortTable::Int)))));
        CHECK_FALSE(implies(tm, i, tm.mk_not(tm.mk_eq(y, tm.mk_numeral(8, SortTable::Int)))));
    }
}
