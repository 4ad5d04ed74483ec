// The bit-precise program (program/bit_precise.hpp) and the pieces of theory refinement
// (encoding/theory_refinement.hpp) that the end-to-end tests (tests/c/verify/bv_*.c,
// c.diff_gcc.refine) do not isolate.
#include <doctest/doctest.h>

#include "frontend/errors.hpp"
#include "frontend/frontend.hpp"
#include "lowered_program.hpp"
#include "smt/solver.hpp"
#include "verifier/encoding/operator_refinement.hpp"
#include "verifier/encoding/theory_refinement.hpp"
#include "verifier/program/bit_precise.hpp"
#include "verifier/witness/witness_expression.hpp"

using namespace craig;

namespace {

struct Words {
    smt::TermManager tm;
    std::unique_ptr<verifier::Program> ints;
    explicit Words(const std::string& code) {
        auto tu = frontend::parse_string(std::string(test::kSvPrelude) + code, "t.c", frontend::DataModel::ILP32);
        verifier::LoweringOptions lo;
        lo.bit_precise = true;
        ints = std::make_unique<verifier::Program>(verifier::lower(tu, tm, lo));
    }
};

std::size_t count_sites(const verifier::BitPrecise& w) {
    std::size_t n = 0;
    for (const auto& on_edge : w.sites) n += on_edge.size();
    return n;
}

// The value of `next` of variable `name` after an edge, with the edge's other constants free.
std::optional<mpz_class> value_after(Words& w, const verifier::BitPrecise& b, const std::string& name,
                                     std::initializer_list<std::pair<const char*, long>> inputs) {
    const verifier::Program& p = b.program;
    for (verifier::EdgeId e = 0; e < p.edges.size(); ++e) {
        const verifier::Edge& edge = p.edges[e];
        for (verifier::VarId v : edge.writes) {
            if (p.vars[v].name != name || edge.inputs.size() != inputs.size()) continue;
            smt::Solver s(w.tm);
            s.assert_formula(edge.formula);
            std::size_t i = 0;
            for (const auto& [in_name, value] : inputs) {
                (void)in_name;
                mpz_class z(value);
                if (z < 0) z += mpz_class(1) << b.width;
                s.assert_formula(w.tm.mk_eq(edge.inputs[i++], w.tm.mk_bv_const(z, b.width)));
            }
            if (s.check() != smt::Result::Sat) return std::nullopt;
            const smt::Term t = p.vars[v].next;
            return verifier::program_integer(w.tm, t, s.model().evaluate(t).q);
        }
    }
    return std::nullopt;
}

}  // namespace

TEST_CASE("bit-precise program: words wide enough for a product, exact operators, sites when uninterpreted") {
    Words w(
        "int main(void) { int x = __VERIFIER_nondet_int(); int y = __VERIFIER_nondet_int();\n"
        "  int z = x * y; if (z == 391) reach_error(); return 0; }");
    const verifier::BitPrecise exact = verifier::to_bit_precise(*w.ints, {});
    CHECK(exact.width >= 63);  // the product of two ints has 63 bits
    CHECK(count_sites(exact) == 0);
    for (const verifier::ProgramVar& v : exact.program.vars) CHECK(w.tm.bv_width(v.cur) == exact.width);
    const verifier::BitPrecise uf = verifier::to_bit_precise(*w.ints, verifier::OperatorPrecision::uninterpreted());
    CHECK(count_sites(uf) >= 1);
    for (const auto& on_edge : uf.sites)
        for (const verifier::UfSite& s : on_edge) CHECK(s.op == "mul");
}

TEST_CASE("bit-precise program: unsigned products and shifts wrap at their type's width") {
    Words w("int main(void) { unsigned z = __VERIFIER_nondet_uint() * __VERIFIER_nondet_uint(); return 0; }");
    const verifier::BitPrecise b = verifier::to_bit_precise(*w.ints, {});
    // 70000 * 70000 = 4900000000 = 605032704 + 2^32
    const auto z = value_after(w, b, "main::z", {{"x", 70000}, {"y", 70000}});
    REQUIRE(z);
    CHECK(*z == 605032704);
    CHECK(*verifier::apply_operator("mulu32", 70000, 70000) == 605032704);
    CHECK(*verifier::apply_operator("shlu8", 1, 7) == 128);
    CHECK(*verifier::apply_operator("shlu8", 3, 7) == 128);
    CHECK_FALSE(verifier::apply_operator("shlu8", 1, 8));
}

TEST_CASE("bit-precise lowering: signed overflow and division by zero lead to the error location") {
    Words w(
        "int main(void) { int x = __VERIFIER_nondet_int(); int d = __VERIFIER_nondet_int();\n"
        "  int q = (x + 1) / d; return q; }");
    std::size_t to_error = 0;
    for (const verifier::Edge& e : w.ints->edges) to_error += e.dst == w.ints->error;
    CHECK(to_error >= 2);  // x + 1 may overflow, d may be 0 (INT_MIN / -1 a third)
    CHECK_FALSE(w.ints->aux_ranges.empty());
}

TEST_CASE("bit-precise program: values without a range are unsupported") {
    // Pointer variables (an offset may leave the int range by pointer arithmetic) are refused by
    // the bit-precise lowering.
    CHECK_THROWS_AS(Words("int *g; int a[3];\nint main(void) { g = &a[1]; return *g; }"), frontend::Unsupported);
}

TEST_CASE("theory refinement heuristics: h0..h7 as in the thesis") {
    using verifier::RefinementHeuristic;
    const auto h4 = RefinementHeuristic::parse("h4");
    REQUIRE(h4);
    CHECK_FALSE(h4->backward);
    CHECK_FALSE(h4->simultaneous);
    CHECK(h4->dependency);
    const auto h7 = RefinementHeuristic::parse("H7");
    REQUIRE(h7);
    CHECK((h7->backward && h7->simultaneous && h7->dependency));
    const auto h1 = RefinementHeuristic::parse("h1");
    REQUIRE(h1);
    CHECK((h1->backward && !h1->simultaneous && !h1->dependency));
    CHECK_FALSE(RefinementHeuristic::parse("h8"));
    CHECK_FALSE(RefinementHeuristic::parse("x4"));
}

TEST_CASE("word invariants as exact C: bit fields as masks, word arithmetic only where it cannot wrap") {
    Words w(
        "int main(void) { int x = __VERIFIER_nondet_int(); unsigned u = __VERIFIER_nondet_uint();\n"
        "  if (x * 2 == 7) reach_error(); if (u == 3u) reach_error(); return 0; }");
    const verifier::BitPrecise b = verifier::to_bit_precise(*w.ints, {});
    const verifier::Program& p = b.program;
    auto var = [&](const char* c_name) {
        for (verifier::VarId v = 0; v < p.vars.size(); ++v)
            if (p.var_origin(v).c_name == c_name) return p.vars[v].cur;
        FAIL("no variable ", c_name);
        return smt::Term{};
    };
    auto c = [&](smt::Term f) {
        std::string why;
        auto r = verifier::exact_c_expression(
            p, f, [&](verifier::VarId v) { return std::optional<std::string>(p.var_origin(v).c_name); }, &why);
        return r ? *r : "<refused: " + why + ">";
    };
    auto& tm = w.tm;
    const unsigned W = b.width;
    const smt::Term x = var("x"), u = var("u");
    auto k = [&](long v) { return tm.mk_bv_const(mpz_class(v), W); };  // mod 2^W: -1 is all ones
    // Signed comparisons of words are the integer ones; constants read as signed.
    CHECK(c(tm.mk_bv(smt::Kind::BvSle, x, k(-1))) == "x <= -1");  // x + 1 may overflow int
    CHECK(c(tm.mk_bv(smt::Kind::BvSlt, tm.mk_bv(smt::Kind::BvAdd, x, k(3)), u)) ==
          "(long long)x + 4LL <= (long long)u");
    CHECK(c(tm.mk_not(tm.mk_bv(smt::Kind::BvSle, tm.mk_bv(smt::Kind::BvMul, k(2), x), k(5)))) ==
          "2LL * (long long)x >= 6LL");
    // Unsigned comparisons only where both sides are never negative.
    CHECK(c(tm.mk_bv(smt::Kind::BvUle, u, k(9))) == "(long long)u <= 9LL");
    CHECK(c(tm.mk_bv(smt::Kind::BvUle, x, k(9))).find("refused") != std::string::npos);
    // Bits of a variable: the two's complement bits of its value as unsigned long long.
    CHECK(c(tm.mk_eq(tm.mk_bv_extract(0, 0, x), tm.mk_bv_const(1, 1))) == "1ULL == ((unsigned long long)x & 1ULL)");
    CHECK(c(tm.mk_eq(tm.mk_bv_const(5, 3), tm.mk_bv_extract(4, 2, u))) ==
          "(((unsigned long long)u >> 2) & 7ULL) == 5ULL");
    // A product of words, and sums that may wrap at W bits, are refused.
    CHECK(c(tm.mk_eq(tm.mk_bv(smt::Kind::BvMul, x, u), k(6))).find("refused") != std::string::npos);
    const smt::Term big = tm.mk_bv_const(mpz_class(1) << (W - 2), W);
    CHECK(c(tm.mk_bv(smt::Kind::BvSle, tm.mk_bv(smt::Kind::BvAdd, tm.mk_bv(smt::Kind::BvAdd, big, big), x), k(0)))
              .find("wrap") != std::string::npos);
}
