// Bit-vectors: constant folding against an independent 64-bit reference, the bit-blasted circuits
// against the folded values (widths 1..12, division by zero and oversize shifts included), proofs
// of unsat answers checked, and incremental use across push/pop.
#include <doctest/doctest.h>

#include <cstdint>
#include <random>

#include "smt/ackermann.hpp"
#include "smt/proof_check.hpp"
#include "smt/solver.hpp"
#include "smt/terms/printer.hpp"

using namespace craig::smt;

namespace {

const Kind kBinary[] = {Kind::BvAnd,  Kind::BvOr,   Kind::BvXor,  Kind::BvAdd,  Kind::BvMul, Kind::BvUdiv,
                        Kind::BvUrem, Kind::BvSdiv, Kind::BvSrem, Kind::BvSmod, Kind::BvShl, Kind::BvLshr,
                        Kind::BvAshr, Kind::BvUlt,  Kind::BvUle,  Kind::BvSlt,  Kind::BvSle};

// SMT-LIB's definitions on machine words (w <= 16), written independently of bv_eval.cpp.
uint64_t reference(Kind k, unsigned w, uint64_t s, uint64_t t) {
    const uint64_t mask = (uint64_t{1} << w) - 1;
    auto sgn = [&](uint64_t v) { return int64_t(v << (64 - w)) >> (64 - w); };
    auto neg = [&](uint64_t v) { return (~v + 1) & mask; };
    auto udiv = [&](uint64_t a, uint64_t b) { return b == 0 ? mask : a / b; };
    auto urem = [&](uint64_t a, uint64_t b) { return b == 0 ? a : a % b; };
    const bool ms = (s >> (w - 1)) & 1, mt = (t >> (w - 1)) & 1;
    switch (k) {
        case Kind::BvAnd: return s & t;
        case Kind::BvOr: return s | t;
        case Kind::BvXor: return s ^ t;
        case Kind::BvAdd: return (s + t) & mask;
        case Kind::BvMul: return (s * t) & mask;
        case Kind::BvUdiv: return udiv(s, t);
        case Kind::BvUrem: return urem(s, t);
        case Kind::BvSdiv: {
            uint64_t q = udiv(ms ? neg(s) : s, mt ? neg(t) : t);
            return ms != mt ? neg(q) : q;
        }
        case Kind::BvSrem: {
            uint64_t r = urem(ms ? neg(s) : s, mt ? neg(t) : t);
            return ms ? neg(r) : r;
        }
        case Kind::BvSmod: {
            uint64_t u = urem(ms ? neg(s) : s, mt ? neg(t) : t);
            if (u == 0 || (!ms && !mt)) return u;
            if (ms && !mt) return (neg(u) + t) & mask;
            if (!ms && mt) return (u + t) & mask;
            return neg(u);
        }
        case Kind::BvShl: return t >= w ? 0 : (s << t) & mask;
        case Kind::BvLshr: return t >= w ? 0 : s >> t;
        case Kind::BvAshr: return uint64_t(sgn(s) >> (t >= w ? w - 1 : t)) & mask;
        case Kind::BvUlt: return s < t;
        case Kind::BvUle: return s <= t;
        case Kind::BvSlt: return sgn(s) < sgn(t);
        case Kind::BvSle: return sgn(s) <= sgn(t);
        default: return 0;
    }
}

// A random value with the corner cases (0, 1, all ones, the sign bit) often.
uint64_t pick(std::mt19937& rng, unsigned w) {
    const uint64_t mask = (uint64_t{1} << w) - 1;
    switch (rng() % 6) {
        case 0: return 0;
        case 1: return 1 & mask;
        case 2: return mask;
        case 3: return uint64_t{1} << (w - 1);
        default: return rng() & mask;
    }
}

uint64_t value_of(const TermManager& tm, Term c) {
    if (tm.kind(c) == Kind::True || tm.kind(c) == Kind::False) return tm.kind(c) == Kind::True;
    REQUIRE(tm.kind(c) == Kind::BvConst);
    return tm.bv_value(c).get_ui();
}

}  // namespace

TEST_CASE("bit-vector constant folding agrees with the reference on widths 1..16") {
    TermManager tm;
    std::mt19937 rng(1);
    for (unsigned w = 1; w <= 16; ++w)
        for (Kind k : kBinary)
            for (int i = 0; i < 40; ++i) {
                uint64_t s = pick(rng, w), t = pick(rng, w);
                Term r = tm.mk_bv(k, tm.mk_bv_const(s, w), tm.mk_bv_const(t, w));
                INFO(kind_name(k), " w=", w, " s=", s, " t=", t);
                CHECK(value_of(tm, r) == reference(k, w, s, t));
            }
    // Unary and indexed operators.
    Term x = tm.mk_bv_const(0xA5, 8);
    CHECK(value_of(tm, tm.mk_bv(Kind::BvNot, x)) == 0x5A);
    CHECK(value_of(tm, tm.mk_bv(Kind::BvNeg, x)) == 0x5B);
    CHECK(value_of(tm, tm.mk_bv_extract(5, 2, x)) == 0x9);
    CHECK(value_of(tm, tm.mk_bv_sign_extend(4, x)) == 0xFA5);
    CHECK(value_of(tm, tm.mk_bv_zero_extend(4, x)) == 0x0A5);
    CHECK(value_of(tm, tm.mk_bv_repeat(2, x)) == 0xA5A5);
    CHECK(value_of(tm, tm.mk_bv_rotate_left(1, x)) == 0x4B);
    CHECK(value_of(tm, tm.mk_bv_rotate_right(1, x)) == 0xD2);
    CHECK(value_of(tm, tm.mk_bv(Kind::BvConcat, x, tm.mk_bv_const(1, 1))) == 0x14B);
    CHECK(term_to_string(tm, x) == "#b10100101");
}

TEST_CASE("bit-vector simplification at construction") {
    TermManager tm;
    Term x = tm.mk_const(tm.declare_fun("x", {}, tm.sorts().bitvec(8)));
    Term zero = tm.mk_bv_const(0, 8), ones = tm.mk_bv_const(255, 8);
    CHECK(tm.mk_bv(Kind::BvAdd, x, zero) == x);
    CHECK(tm.mk_bv(Kind::BvAnd, x, zero) == zero);
    CHECK(tm.mk_bv(Kind::BvAnd, ones, x) == x);
    CHECK(tm.mk_bv(Kind::BvOr, x, ones) == ones);
    CHECK(tm.mk_bv_extract(7, 0, x) == x);
    CHECK(tm.mk_bv(Kind::BvNot, tm.mk_bv(Kind::BvNot, x)) == x);
    CHECK(tm.mk_bv(Kind::BvConcat, tm.mk_bv_extract(7, 4, x), tm.mk_bv_extract(3, 0, x)) == x);
    CHECK(tm.mk_bv(Kind::BvUlt, x, zero) == tm.mk_false());
    // Negation leaves products: (-x) * (-y) is x * y, (-x) * y is -(x * y), -1 * x is -x.
    Term y = tm.mk_const(tm.declare_fun("y", {}, tm.sorts().bitvec(8)));
    Term xy = tm.mk_bv(Kind::BvMul, x, y);
    Term nx = tm.mk_bv(Kind::BvNeg, x), ny = tm.mk_bv(Kind::BvNeg, y);
    CHECK(tm.mk_bv(Kind::BvMul, nx, ny) == xy);
    CHECK(tm.mk_bv(Kind::BvMul, nx, y) == tm.mk_bv(Kind::BvNeg, xy));
    CHECK(tm.mk_bv(Kind::BvMul, y, nx) == tm.mk_bv(Kind::BvNeg, xy));
    CHECK(tm.mk_bv(Kind::BvMul, ones, x) == nx);
    CHECK(term_to_string(tm, tm.mk_bv_extract(6, 2, x)) == "((_ extract 6 2) x)");
    CHECK(term_to_string(tm, tm.mk_bv_sign_extend(3, x)) == "((_ sign_extend 3) x)");
    CHECK(tm.sorts().to_string(tm.sort(x)) == "(_ BitVec 8)");
}

TEST_CASE("bit-blasted circuits agree with the evaluator on widths 1..12; refutations have checked proofs") {
    std::mt19937 rng(7);
    for (unsigned w = 1; w <= 12; ++w) {
        TermManager tm;
        Sort s = tm.sorts().bitvec(w);
        Term a = tm.mk_const(tm.declare_fun("a", {}, s));
        Term b = tm.mk_const(tm.declare_fun("b", {}, s));
        SolverOptions o;
        o.produce_proofs = true;
        o.check_models = true;
        Solver solver(tm, o);
        for (Kind k : kBinary)
            for (int i = 0; i < 3; ++i) {
                uint64_t x = pick(rng, w), y = pick(rng, w);
                if (i == 2 && k >= Kind::BvShl && k <= Kind::BvAshr && w < 12) y = w + rng() % ((1u << w) - w);
                Term ca = tm.mk_bv_const(x, w), cb = tm.mk_bv_const(y, w);
                Term expected = tm.mk_bv(k, ca, cb);  // folded
                Term op = tm.mk_bv(k, a, b);
                Term inputs = tm.mk_and(tm.mk_eq(a, ca), tm.mk_eq(b, cb));
                INFO(kind_name(k), " w=", w, " a=", x, " b=", y);
                solver.push();
                solver.assert_formula(inputs);
                REQUIRE(solver.check() == Result::Sat);
                Value v = solver.model().evaluate(op);
                CHECK((v.type == Value::Type::Bool ? uint64_t(v.b) : v.q.get_num().get_ui()) == value_of(tm, expected));
                // The circuit cannot give another value: unsat, with a checked proof.
                solver.assert_formula(tm.mk_not(tm.mk_eq(op, expected)));
                REQUIRE(solver.check() == Result::Unsat);
                SmtProofCheck c = check_smt_proof(tm, solver.proof());
                INFO(c.error);
                CHECK(c.ok);
                solver.pop();
            }
    }
}

TEST_CASE("circuits with a constant operand: multipliers by c and -c, dividers by 2^k, others") {
    // The bit-blaster picks cheaper circuits when an operand is a constant: x * c as -(x * -c)
    // when -c has fewer ones, the constant as the selecting operand, division by 2^k as a shift
    // and a mask. Every constant of widths 1..6 on either side, against the reference, with
    // checked proofs that the circuit has no other value.
    std::mt19937 rng(11);
    const Kind ops[] = {Kind::BvMul, Kind::BvUdiv, Kind::BvUrem, Kind::BvSdiv, Kind::BvSrem, Kind::BvSmod};
    for (unsigned w = 1; w <= 6; ++w) {
        TermManager tm;
        Term x = tm.mk_const(tm.declare_fun("x", {}, tm.sorts().bitvec(w)));
        SolverOptions o;
        o.produce_proofs = true;
        o.check_models = true;
        for (uint64_t c = 0; c < (uint64_t{1} << w); ++c)
            for (Kind k : ops) {
                Solver solver(tm, o);  // one per operator: proofs stay small
                for (bool constant_left : {false, true}) {
                    const uint64_t v = pick(rng, w);
                    const Term cc = tm.mk_bv_const(c, w), cv = tm.mk_bv_const(v, w);
                    const Term op = constant_left ? tm.mk_bv(k, cc, x) : tm.mk_bv(k, x, cc);
                    const uint64_t expected = constant_left ? reference(k, w, c, v) : reference(k, w, v, c);
                    INFO(kind_name(k), " w=", w, " c=", c, " x=", v, " constant on the left: ", constant_left);
                    solver.push();
                    solver.assert_formula(tm.mk_eq(x, cv));
                    REQUIRE(solver.check() == Result::Sat);
                    CHECK(solver.model().evaluate(op).q.get_num().get_ui() == expected);
                    solver.assert_formula(tm.mk_not(tm.mk_eq(op, tm.mk_bv_const(expected, w))));
                    REQUIRE(solver.check() == Result::Unsat);
                    SmtProofCheck pc = check_smt_proof(tm, solver.proof());
                    INFO(pc.error);
                    CHECK(pc.ok);
                    solver.pop();
                }
            }
    }
}

TEST_CASE("bit-vectors: incremental push/pop, ite, extract, concat, sign_extend") {
    TermManager tm;
    Sort s8 = tm.sorts().bitvec(8);
    Term x = tm.mk_const(tm.declare_fun("x", {}, s8));
    Term y = tm.mk_const(tm.declare_fun("y", {}, s8));
    Term p = tm.mk_const(tm.declare_fun("p", {}, SortTable::Bool));
    SolverOptions o;
    o.check_models = true;
    o.produce_proofs = true;
    Solver solver(tm, o);
    solver.assert_formula(tm.mk_eq(tm.mk_ite(p, x, y), tm.mk_bv_const(0x80, 8)));
    CHECK(solver.check() == Result::Sat);
    solver.push();
    solver.assert_formula(tm.mk_bv(Kind::BvSlt, tm.mk_bv_const(0, 8), x));
    solver.assert_formula(tm.mk_bv(Kind::BvSlt, tm.mk_bv_const(0, 8), y));
    CHECK(solver.check() == Result::Unsat);  // 0x80 is negative
    CHECK(check_smt_proof(tm, solver.proof()).ok);
    solver.pop();
    solver.push();
    Term wide = tm.mk_bv_sign_extend(8, x);
    solver.assert_formula(tm.mk_eq(tm.mk_bv_extract(15, 8, wide), tm.mk_bv_const(0xFF, 8)));
    solver.assert_formula(tm.mk_not(p));
    CHECK(solver.check() == Result::Sat);
    CHECK(solver.model().evaluate(y).q == 0x80);
    CHECK(solver.model().evaluate(x).q >= 0x80);  // the sign bit, copied to the high byte
    solver.pop();
    solver.assert_formula(p);
    solver.assert_formula(tm.mk_eq(tm.mk_bv(Kind::BvConcat, x, y), tm.mk_bv_const(0x8001, 16)));
    CHECK(solver.check() == Result::Sat);
    CHECK(solver.model().evaluate(y).q == 1);
}

TEST_CASE("functions over bit-vectors: Ackermann's lemmas, checked proofs, models with tables") {
    TermManager tm;
    Sort s4 = tm.sorts().bitvec(4);
    const FuncId f = tm.declare_fun("f", {s4, s4}, s4);
    const FuncId q = tm.declare_fun("q", {s4}, SortTable::Bool);
    Term x = tm.mk_const(tm.declare_fun("x", {}, s4));
    Term y = tm.mk_const(tm.declare_fun("y", {}, s4));
    auto app = [&](FuncId g, std::vector<Term> args) { return tm.mk_app(g, args); };
    CHECK(is_ackermann_function(tm, f));
    CHECK_FALSE(is_ackermann_function(tm, tm.declare_fun("h", {SortTable::Bool}, SortTable::Bool)));
    // The checker's test: the lemma of two applications, and nothing else.
    const Term fxy = app(f, {x, y}), fyx = app(f, {y, x});
    const Term lemma = ackermann_lemma(tm, fxy, fyx);
    CHECK(is_ackermann_lemma(tm, lemma));
    CHECK_FALSE(is_ackermann_lemma(tm, tm.mk_eq(fxy, fyx)));         // the premise left out
    const Term y1 = tm.mk_bv(Kind::BvAdd, y, tm.mk_bv_const(1, 4));  // x = y + 1 is no premise of it
    CHECK_FALSE(is_ackermann_lemma(tm, tm.mk_or(tm.mk_not(tm.mk_eq(x, y1)), tm.mk_eq(fxy, fyx))));

    SolverOptions o;
    o.check_models = true;
    o.produce_proofs = true;
    Solver solver(tm, o);
    // f(x, y) = x + 1, q(f(x, y)), !q(f(y, x)): sat with x != y; with x = y unsat.
    solver.assert_formula(tm.mk_eq(fxy, tm.mk_bv(Kind::BvAdd, x, tm.mk_bv_const(1, 4))));
    solver.assert_formula(app(q, {fxy}));
    solver.assert_formula(tm.mk_not(app(q, {fyx})));
    CHECK(solver.check() == Result::Sat);
    const Model& m = solver.model();
    CHECK(m.evaluate(fxy).q == (m.evaluate(x).q + 1) - (m.evaluate(x).q == 15 ? 16 : 0));
    CHECK(m.evaluate(app(q, {fxy})).b);
    CHECK(m.evaluate(x).q != m.evaluate(y).q);
    solver.push();
    solver.assert_formula(tm.mk_eq(x, y));
    CHECK(solver.check() == Result::Unsat);
    CHECK(check_smt_proof(tm, solver.proof()).ok);
    solver.pop();
    // Nested applications: f(f(x, x), x) = x and f(x, x) = x make f(x, x) = x twice over: sat;
    // with f(x, x) = y and x != y the lemma f(y, x) vs f(x, x) needs y = x: sat, a table of two rows.
    solver.assert_formula(tm.mk_eq(app(f, {app(f, {x, x}), x}), y));
    CHECK(solver.check() == Result::Sat);
}
