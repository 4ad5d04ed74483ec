// Interpolation over bit-blasted QF_BV proofs (issue 22, item 2): hand-made A/B pairs,
// sequences and trees under every Boolean system, each result passed through the independent
// checker (itp_test_util.hpp); the word-level lifting of bit atoms (itp/bv_lift.hpp).
#include <doctest/doctest.h>

#include <vector>

#include "itp/bv_lift.hpp"
#include "itp_test_util.hpp"
#include "smt/terms/printer.hpp"
#include "term_fixture.hpp"

using namespace craig;
using namespace craig::itp;
using namespace craig::itp::test;
using smt::Kind;
using smt::Term;

namespace {

struct BvFix : TermFixture {
    Term bv(const std::string& n, uint32_t w) { return constant(n, tm.sorts().bitvec(w)); }
    Term c(long v, uint32_t w) { return tm.mk_bv_const(mpz_class(v), w); }
    Term op(Kind k, Term a, Term b) { return tm.mk_bv(k, a, b); }
    Term eq(Term a, Term b) { return tm.mk_eq(a, b); }
    // (= ((_ extract i i) t) #b1), as the interpolator writes bit i of t.
    Term bit(Term t, uint32_t i) { return eq(tm.mk_bv_extract(i, i, t), c(1, 1)); }
    std::vector<FuncId> symbols(Term t) {
        std::vector<FuncId> out;
        collect_symbols(tm, t, out);
        return out;
    }
    bool mentions(Term t, Term symbol) {
        for (FuncId f : symbols(t))
            if (f == tm.func_of(symbol)) return true;
        return false;
    }
};

}  // namespace

TEST_CASE_FIXTURE(BvFix, "bv interpolation: an A-local factor, the bound on the shared product") {
    // A: b = a * 3, a = 5 (a is A-local); B: b <u 10. The interpolant speaks of b only.
    Term a = bv("a", 8), b = bv("b", 8);
    for (BoolSystem s : kBoolSystems) {
        CAPTURE(name(s));
        Partitioned p(tm, {{eq(b, op(Kind::BvMul, a, c(3, 8))), eq(a, c(5, 8))}, {op(Kind::BvUlt, b, c(10, 8))}});
        REQUIRE(p.solver.check() == smt::Result::Unsat);
        std::vector<Term> itps = checked_sequence(p, opts(s));
        REQUIRE(itps.size() == 1);
        CHECK_FALSE(mentions(itps[0], a));
        CHECK(implies(tm, eq(b, c(15, 8)), itps[0]));
    }
}

TEST_CASE_FIXTURE(BvFix, "bv interpolation: bits of a shared composite term, lifted to a word") {
    // A: (x + y) & m = #xff with m A-local: A fixes every bit of the shared term x + y.
    // B: x + y != #xff. McMillan's interpolant is that word (its leaves are A's gate clauses).
    Term x = bv("x", 8), y = bv("y", 8), m = bv("m", 8);
    Term sum = op(Kind::BvAdd, x, y);
    for (BoolSystem s : kBoolSystems) {
        CAPTURE(name(s));
        Partitioned p(tm, {{eq(op(Kind::BvAnd, sum, m), c(255, 8))}, {tm.mk_not(eq(sum, c(255, 8)))}});
        REQUIRE(p.solver.check() == smt::Result::Unsat);
        std::vector<Term> itps = checked_sequence(p, opts(s));
        CHECK_FALSE(mentions(itps[0], m));
        CHECK(equivalent(tm, itps[0], eq(sum, c(255, 8))));
    }
}

TEST_CASE_FIXTURE(BvFix, "bv interpolation: sequences and trees of a counter, every system") {
    // x0 = 3; x1 = x0 + 1; x2 = x1 * 2; x2 != 8 (as a sequence, then as a tree).
    Term x0 = bv("x0", 4), x1 = bv("x1", 4), x2 = bv("x2", 4);
    std::vector<std::vector<Term>> parts = {{eq(x0, c(3, 4))},
                                            {eq(x1, op(Kind::BvAdd, x0, c(1, 4)))},
                                            {eq(x2, op(Kind::BvMul, x1, c(2, 4)))},
                                            {tm.mk_not(eq(x2, c(8, 4)))}};
    for (BoolSystem s : kBoolSystems) {
        CAPTURE(name(s));
        Partitioned seq(tm, parts);
        REQUIRE(seq.solver.check() == smt::Result::Unsat);
        std::vector<Term> itps = checked_sequence(seq, opts(s));
        REQUIRE(itps.size() == 3);
        CHECK_FALSE(mentions(itps[1], x0));
        CHECK(symbols(itps[2]).size() <= 1);
        // Tree: x2's definition is the root's child next to the leaves 0 (x0) and 1 (x1).
        // Post-order: 0, 1, 2 = {0, 1} as children of 2, then the root 3 over 2.
        Partitioned tree(tm, parts);
        REQUIRE(tree.solver.check() == smt::Result::Unsat);
        const uint32_t start[4] = {0, 1, 0, 0};
        checked_tree(tree, start, opts(s));
    }
}

TEST_CASE_FIXTURE(BvFix, "bv interpolation: signed comparison and division circuits with local operands") {
    // A: q = a / 3 (signed), a = -9, q is shared; B: q >s -2. A gives q = -3.
    Term a = bv("a", 6), q = bv("q", 6), d = bv("d", 6);
    for (BoolSystem s : kBoolSystems) {
        CAPTURE(name(s));
        Partitioned p(tm, {{eq(q, op(Kind::BvSdiv, a, c(3, 6))), eq(a, tm.mk_bv(Kind::BvNeg, c(9, 6)))},
                           {op(Kind::BvSlt, c(62, 6), q), eq(d, op(Kind::BvShl, q, c(1, 6)))}});
        REQUIRE(p.solver.check() == smt::Result::Unsat);
        std::vector<Term> itps = checked_sequence(p, opts(s));
        CHECK_FALSE(mentions(itps[0], a));
        CHECK_FALSE(mentions(itps[0], d));
    }
}

TEST_CASE_FIXTURE(BvFix, "bv_lift: runs of fixed bits become words, in and and (negated) in or") {
    Term x = bv("x", 4), y = bv("y", 8), p = boolc("p");
    SUBCASE("all bits of a term in a conjunction") {
        Term f = tm.mk_and(std::vector<Term>{bit(x, 0), no(bit(x, 1)), bit(x, 2), no(bit(x, 3)), p});
        Term g = lift_bit_atoms(tm, f);
        CHECK(g == tm.mk_and(eq(x, c(5, 4)), p));
    }
    SUBCASE("a run of bits is an extract; single bits stay") {
        Term f = tm.mk_and(std::vector<Term>{bit(y, 2), bit(y, 3), no(bit(y, 4)), bit(y, 7)});
        Term g = lift_bit_atoms(tm, f);
        CHECK(g == tm.mk_and(eq(tm.mk_bv_extract(4, 2, y), c(3, 3)), bit(y, 7)));
    }
    SUBCASE("a disjunction of negated bits is a disequality") {
        Term f = tm.mk_or(std::vector<Term>{no(bit(x, 0)), bit(x, 1), no(bit(x, 2)), bit(x, 3)});
        Term g = lift_bit_atoms(tm, f);
        CHECK(g == tm.mk_not(eq(x, c(5, 4))));
    }
    SUBCASE("nested, shared subformulas, other atoms untouched") {
        Term inner = tm.mk_and(bit(x, 0), bit(x, 1));
        Term f = tm.mk_or(tm.mk_and(inner, p), tm.mk_and(inner, op(Kind::BvUlt, x, c(3, 4))));
        Term g = lift_bit_atoms(tm, f);
        Term lifted = eq(tm.mk_bv_extract(1, 0, x), c(3, 2));
        CHECK(g == tm.mk_or(tm.mk_and(lifted, p), tm.mk_and(lifted, op(Kind::BvUlt, x, c(3, 4)))));
        CHECK(equivalent(tm, f, g));
    }
    SUBCASE("one-bit terms and a lone bit") {
        Term z = bv("z", 1);
        CHECK(lift_bit_atoms(tm, bit(x, 3)) == bit(x, 3));
        Term f = tm.mk_and(eq(z, c(1, 1)), bit(x, 0));
        CHECK(lift_bit_atoms(tm, f) == f);
    }
}
