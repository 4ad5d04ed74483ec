// Lowering + large-block encoding + BMC on small programs with known verdicts.
#include <doctest/doctest.h>

#include <string>

#include "frontend/frontend.hpp"
#include "verifier/certify/bounded_check.hpp"
#include "verifier/engines/engine.hpp"
#include "verifier/program/large_block.hpp"
#include "verifier/lowering/lowering.hpp"

using namespace craig;
using verifier::VerdictKind;

namespace {

const char* kPrelude =
    "extern void reach_error(void);\n"
    "extern int __VERIFIER_nondet_int(void);\n"
    "extern unsigned int __VERIFIER_nondet_uint(void);\n"
    "extern unsigned char __VERIFIER_nondet_uchar(void);\n"
    "extern void __VERIFIER_assume(int);\n"
    "void __VERIFIER_assert(int c) { if (!c) { ERROR: reach_error(); } }\n";

verifier::Verdict run(const std::string& code, unsigned bound = 30,
                      frontend::DataModel dm = frontend::DataModel::ILP32) {
    auto tu = frontend::parse_string(std::string(kPrelude) + code, "t.c", dm);
    smt::TermManager tm;
    verifier::Program plain = verifier::lower(tu, tm);
    verifier::Program blocks = verifier::large_block(plain);
    verifier::EngineSettings s = verifier::builtin_engines().find("bmc")->defaults();
    s.bound = bound;
    verifier::Verdict v = verifier::builtin_engines().find("bmc")->make(s)->solve(blocks, base::Budget{});
    // A TRUE must pass the certification gate's check of its complete bound.
    if (v.kind == VerdictKind::True) {
        REQUIRE(v.certificate.complete_bound);
        CHECK(verifier::check_complete_unrolling(blocks, *v.certificate.complete_bound, {}).outcome ==
              verifier::InvariantOutcome::Valid);
    }
    return v;
}

}  // namespace

TEST_CASE("straight-line programs") {
    CHECK(run("int main() { int x = 1; if (x != 1) reach_error(); return 0; }").kind == VerdictKind::True);
    CHECK(run("int main() { int x = 1; if (x == 1) reach_error(); return 0; }").kind == VerdictKind::False);
    CHECK(run("int main() { int x = __VERIFIER_nondet_int(); if (x == 5) reach_error(); }").kind == VerdictKind::False);
    CHECK(run("int main() { int x = __VERIFIER_nondet_int(); __VERIFIER_assume(x > 5);"
              " if (x < 3) reach_error(); }")
              .kind == VerdictKind::True);
}

TEST_CASE("counterexample inputs in execution order") {
    auto v =
        run("int main() { int a = __VERIFIER_nondet_int(); int b = __VERIFIER_nondet_int();"
            " if (a == 3 && b == a + 4) reach_error(); }");
    REQUIRE(v.kind == VerdictKind::False);
    REQUIRE(v.cex.inputs.size() == 2);
    CHECK(v.cex.inputs[0].text == "3");
    CHECK(v.cex.inputs[1].text == "7");
}

TEST_CASE("bounded loops are proved, unbounded ones reach the bound") {
    CHECK(run("int main() { int i = 0; while (i < 10) i++; __VERIFIER_assert(i == 10); }").kind == VerdictKind::True);
    CHECK(run("int main() { int i = 0; while (i < 10) i++; __VERIFIER_assert(i == 9); }").kind == VerdictKind::False);
    auto v = run("int main() { int i = 0; while (__VERIFIER_nondet_int()) i++; __VERIFIER_assert(i >= 0); }", 5);
    CHECK(v.kind == VerdictKind::Unknown);
    auto w = run("int main() { int i = 0; while (__VERIFIER_nondet_int()) i++; __VERIFIER_assert(i != 4); }", 10);
    CHECK(w.kind == VerdictKind::False);
}

TEST_CASE("unsigned arithmetic wraps") {
    CHECK(run("int main() { unsigned char c = 255; c++; __VERIFIER_assert(c == 0); }").kind == VerdictKind::True);
    CHECK(run("int main() { unsigned int u = 0; u = u - 1; __VERIFIER_assert(u == 4294967295U); }").kind ==
          VerdictKind::True);
    CHECK(run("int main() { unsigned int u = __VERIFIER_nondet_uint(); __VERIFIER_assert(u + 1 != 0); }").kind ==
          VerdictKind::False);
    CHECK(run("int main() { unsigned char c = __VERIFIER_nondet_uchar(); __VERIFIER_assert(c <= 255); }").kind ==
          VerdictKind::True);
    CHECK(run("int main() { int x = -1; unsigned u = x; __VERIFIER_assert(u == 4294967295U); }").kind ==
          VerdictKind::True);
    CHECK(run("int main() { signed char s = (signed char)200; __VERIFIER_assert(s == -56); }").kind ==
          VerdictKind::True);
}

TEST_CASE("division and remainder by constants truncate toward zero") {
    CHECK(run("int main() { int x = -7; __VERIFIER_assert(x / 2 == -3 && x % 2 == -1); }").kind == VerdictKind::True);
    CHECK(run("int main() { int x = __VERIFIER_nondet_int(); __VERIFIER_assert(x % 2 != -1); }").kind ==
          VerdictKind::False);
}

// Two remainders of one value: x = 2q + 1 = 2q' has no integer solution, which plain branch
// and bound cannot see (it diverges); it needs the GCD test / cuts of the integer solver.
// Likewise the wrap-around of a large unsigned product exhausts plain branch and bound.
TEST_CASE("integer reasoning beyond plain branch and bound") {
    CHECK(run("int main() { int x = __VERIFIER_nondet_int(); __VERIFIER_assume(x >= 0);"
              " __VERIFIER_assert(x % 2 == 0 || x % 2 == 1); }")
              .kind == VerdictKind::True);
    CHECK(run("int main() { unsigned x = __VERIFIER_nondet_uint(); __VERIFIER_assert((x >> 1) * 2 + (x & 1) == x); }")
              .kind == VerdictKind::True);
    // Unsigned products wrap after the (exact) product.
    CHECK(run("int main() { unsigned a = __VERIFIER_nondet_uint(); unsigned b = __VERIFIER_nondet_uint();"
              " __VERIFIER_assume(a == 65536u && b == 65537u); __VERIFIER_assert(a * b == 65536u); }")
              .kind == VerdictKind::True);
}

TEST_CASE("short-circuit operators with side effects") {
    CHECK(run("int main() { int i = 0; int c = 0; if (c && i++) {} __VERIFIER_assert(i == 0); }").kind ==
          VerdictKind::True);
    CHECK(run("int main() { int i = 0; int c = 1; if (c || i++) {} __VERIFIER_assert(i == 0); }").kind ==
          VerdictKind::True);
    CHECK(run("int main() { int i = 0; int c = 1; if (c && i++) {} __VERIFIER_assert(i == 0); }").kind ==
          VerdictKind::False);
    CHECK(run("int main() { int i = 0; int x = i ? i++ : i--; __VERIFIER_assert(i == -1 && x == 0); }").kind ==
          VerdictKind::True);
}

TEST_CASE("functions are inlined; recursion to a bound") {
    CHECK(
        run("int sq(int a) { return a + a; } int main() { int y = sq(3) + sq(4); __VERIFIER_assert(y == 14); }").kind ==
        VerdictKind::True);
    CHECK(run("int g; void inc(void) { g++; } int main() { inc(); inc(); __VERIFIER_assert(g == 2); }").kind ==
          VerdictKind::True);
    CHECK(run("int f(int n) { if (n <= 0) return 0; return 1 + f(n - 1); }"
              " int main() { __VERIFIER_assert(f(2) == 2); }")
              .kind == VerdictKind::True);
    CHECK(run("int f(int n) { if (n <= 0) return 0; return 1 + f(n - 1); }"
              " int main() { __VERIFIER_assert(f(2) == 3); }")
              .kind == VerdictKind::False);
    // Deeper than the inlining bound: never TRUE.
    CHECK(run("int f(int n) { if (n <= 0) return 0; return 1 + f(n - 1); }"
              " int main() { __VERIFIER_assert(f(10) == 10); }")
              .kind == VerdictKind::Unknown);
}

TEST_CASE("goto, switch, do-while, break and continue") {
    CHECK(run("int main() { int i = 0; L: i++; if (i < 3) goto L; __VERIFIER_assert(i == 3); }").kind ==
          VerdictKind::True);
    CHECK(run("int main() { int x = 2, y = 0; switch (x) { case 1: y = 1; case 2: y += 2; case 3: y += 3; break;"
              " default: y = 9; } __VERIFIER_assert(y == 5); }")
              .kind == VerdictKind::True);
    CHECK(run("int main() { int i = 0, s = 0; do { i++; if (i == 2) continue; if (i == 4) break; s += i; }"
              " while (i < 10); __VERIFIER_assert(s == 4); }")
              .kind == VerdictKind::True);
}

TEST_CASE("non-linear operations are uninterpreted: sound for TRUE") {
    CHECK(run("int main() { int x = __VERIFIER_nondet_int(), y = __VERIFIER_nondet_int();"
              " __VERIFIER_assert(x * y == y * x || 1); }")
              .kind == VerdictKind::True);
    CHECK(run("int main() { int x = __VERIFIER_nondet_int(); int y = x;"
              " __VERIFIER_assert(x * x == y * y); }")
              .kind == VerdictKind::True);
    CHECK(run("int main() { int x = __VERIFIER_nondet_int(); __VERIFIER_assert(x * x != 4); }").kind ==
          VerdictKind::False);
}

TEST_CASE("operators between variables are refined to their C values") {
    CHECK(run("int main() { int x = __VERIFIER_nondet_int(); int y = __VERIFIER_nondet_int();"
              " __VERIFIER_assume(x == -7 && y == 2); __VERIFIER_assert(x / y == -3 && x % y == -1); }")
              .kind == VerdictKind::True);
    CHECK(run("int main() { unsigned a = __VERIFIER_nondet_uint(); unsigned b = __VERIFIER_nondet_uint();"
              " __VERIFIER_assume(a == 12 && b == 10);"
              " __VERIFIER_assert((a & b) == 8 && (a | b) == 14 && (a ^ b) == 6); }")
              .kind == VerdictKind::True);
    CHECK(run("int main() { int a = __VERIFIER_nondet_int(); int b = __VERIFIER_nondet_int();"
              " __VERIFIER_assume(a == -8 && b == 1); __VERIFIER_assert((a >> b) == -4 && (a & b) == 0); }")
              .kind == VerdictKind::True);
    verifier::Verdict v =
        run("int main() { int b = __VERIFIER_nondet_int(); __VERIFIER_assume(b >= 0 && b < 4);"
            " if ((1 << b) == 8) reach_error(); }");
    REQUIRE(v.kind == VerdictKind::False);
    REQUIRE(v.cex.inputs.size() == 1);
    CHECK(v.cex.inputs[0].text == "3");
}
