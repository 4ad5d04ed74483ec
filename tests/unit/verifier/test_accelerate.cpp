// Loop acceleration (verifier/accelerate/): the closure of an accelerated loop against the loop
// iterated concretely, the loops it refuses, and counterexamples through it expanded into their
// iterations and replayed.
#include <doctest/doctest.h>

#include <functional>
#include <map>
#include <set>
#include <string>

#include "lowered_program.hpp"
#include "smt/solver.hpp"
#include "verifier/accelerate/accelerate.hpp"
#include "verifier/certify/certify.hpp"
#include "verifier/engines/engine.hpp"

using namespace craig;
using verifier::VerdictKind;

namespace {

struct Acc {
    test::LoweredTask task;
    base::Statistics stats;
    std::optional<verifier::Accelerated> acc;
    explicit Acc(const std::string& code) : task(code) { acc = verifier::accelerate(*task.blocks, {}, stats); }
    const verifier::Program& program() const { return acc->program; }
    const verifier::Edge& edge() const { return acc->program.edges[acc->loops.at(0).edge]; }
    verifier::VarId var(const std::string& name) const {
        for (verifier::VarId v = 0; v < task.plain->vars.size(); ++v)
            if (task.plain->vars[v].name == name) return v;
        FAIL("no variable " << name);
        return 0;
    }
};

smt::Term num(smt::TermManager& tm, long v) { return tm.mk_numeral(v, smt::SortTable::Int); }

// The closure of the accelerated edge from x = start holds exactly for the iterates of `step`
// (while `guard` holds), checked over the states [lo, hi]: each iterate is in it, and no other
// value of x is.
void check_exact(Acc& a, const std::string& x, long start, const std::function<bool(long)>& guard,
                 const std::function<long(long)>& step, long lo, long hi) {
    smt::TermManager& tm = a.task.tm;
    const verifier::ProgramVar& v = a.task.plain->vars[a.var(x)];
    std::set<long> iterates;
    for (long s = start;; s = step(s)) {
        iterates.insert(s);
        if (!guard(s) || iterates.size() > 10000) break;
    }
    for (long t = lo; t <= hi; ++t) {
        smt::Solver s(tm);
        s.assert_formula(a.edge().formula);
        s.assert_formula(tm.mk_eq(v.cur, num(tm, start)));
        s.assert_formula(tm.mk_eq(v.next, num(tm, t)));
        const bool in_closure = s.check() == smt::Result::Sat;
        CHECK_MESSAGE(in_closure == (iterates.count(t) > 0), x << ": " << start << " ->* " << t);
    }
}

verifier::Verdict solve(const verifier::Program& p, const char* engine = "bmc") {
    const verifier::EngineInfo* info = verifier::builtin_engines().find(engine);
    return info->make(info->defaults())->solve(p, test::test_budget(20));
}

}  // namespace

TEST_CASE("a constant step: the closure is exactly the iterates") {
    Acc a("int main() { int x = 0; while (x < 20) x += 3; __VERIFIER_assert(x == 21); return 0; }");
    REQUIRE(a.acc);
    REQUIRE(a.acc->loops.size() == 1);
    CHECK(a.acc->loops[0].phases == 1);
    check_exact(a, "main::x", 0, [](long x) { return x < 20; }, [](long x) { return x + 3; }, -5, 30);
    check_exact(a, "main::x", 19, [](long x) { return x < 20; }, [](long x) { return x + 3; }, 10, 30);
    check_exact(a, "main::x", 25, [](long x) { return x < 20; }, [](long x) { return x + 3; }, 20, 30);
}

TEST_CASE("a negative step and a guard over two variables") {
    Acc a("int main() { int x = 50, y = __VERIFIER_nondet_int(); __VERIFIER_assume(y > 0 && y < 10);"
          " while (x > y) x -= 4; return 0; }");
    REQUIRE(a.acc);
    smt::TermManager& tm = a.task.tm;
    const auto& x = a.task.plain->vars[a.var("main::x")];
    const auto& y = a.task.plain->vars[a.var("main::y")];
    for (long yv : {1L, 6L, 9L})
        for (long t = -10; t <= 55; ++t) {
            std::set<long> it;
            for (long s = 50;; s -= 4) {
                it.insert(s);
                if (!(s > yv)) break;
            }
            smt::Solver s(tm);
            s.assert_formula(a.edge().formula);
            s.assert_formula(tm.mk_eq(x.cur, num(tm, 50)));
            s.assert_formula(tm.mk_eq(y.cur, num(tm, yv)));
            s.assert_formula(tm.mk_eq(x.next, num(tm, t)));
            CHECK_MESSAGE((s.check() == smt::Result::Sat) == (it.count(t) > 0), "y = " << yv << ", x' = " << t);
        }
}

TEST_CASE("phases: the two paths of the body run one after the other") {
    Acc a("int main() { unsigned x = 0; while (x < 30u) { if (x < 11u) x++; else x += 2; }"
          " __VERIFIER_assert(x == 31u); return 0; }");
    REQUIRE(a.acc);
    CHECK(a.acc->loops[0].phases == 2);
    auto step = [](long x) { return x < 11 ? x + 1 : x + 2; };
    check_exact(a, "main::x", 0, [](long x) { return x < 30; }, step, 0, 35);
    check_exact(a, "main::x", 12, [](long x) { return x < 30; }, step, 0, 35);
}

TEST_CASE("a reset: after the first iteration the variable keeps its new value") {
    Acc a("int main() { unsigned x = 0, y = 0; while (x < 5u) { x++; y = 7; } return 0; }");
    REQUIRE(a.acc);
    CHECK(a.acc->loops[0].resets);
    smt::TermManager& tm = a.task.tm;
    const auto& x = a.task.plain->vars[a.var("main::x")];
    const auto& y = a.task.plain->vars[a.var("main::y")];
    for (long xs : {0L, 4L, 5L})
        for (long xt = 0; xt <= 7; ++xt)
            for (long yt : {0L, 7L, 8L}) {
                // From (xs, 0): zero iterations keep (xs, 0); k >= 1 iterations give (xs + k, 7) while xs + k - 1 < 5.
                const bool expected = (xt == xs && yt == 0) || (xt > xs && xt - 1 < 5 && yt == 7);
                smt::Solver s(tm);
                s.assert_formula(a.edge().formula);
                s.assert_formula(tm.mk_eq(x.cur, num(tm, xs)));
                s.assert_formula(tm.mk_eq(y.cur, num(tm, 0)));
                s.assert_formula(tm.mk_eq(x.next, num(tm, xt)));
                s.assert_formula(tm.mk_eq(y.next, num(tm, yt)));
                CHECK_MESSAGE((s.check() == smt::Result::Sat) == expected, xs << " -> (" << xt << ", " << yt << ")");
            }
}

TEST_CASE("loops outside the class are left as they are") {
    // Doubling is no translation; a wrap-around the guard does not exclude (a disequality guard);
    // alternating paths with resets (no under-approximation either).
    for (const char* code : {"int main() { int x = 1; while (x < 1000) x = 2 * x; return 0; }",
                             "int main() { unsigned x = __VERIFIER_nondet_uint(); while (x != 7u) x++; return 0; }",
                             "int main() { int i = 0, p = 0; while (i < 100) { if (p) { i++; p = 0; } else { p = 1; } }"
                             " return 0; }"}) {
        CAPTURE(code);
        Acc a(code);
        CHECK(!a.acc);
        REQUIRE(a.stats.find("accelerate.refused"));
        CHECK(a.stats.find("accelerate.refused")->count == 1);
    }
}

TEST_CASE("a diamond: alternating translations get an under-approximation next to the loop, real runs only") {
    // The paths a++ and b++ alternate, and a, b may wrap as far as one iteration knows: no exact closure.
    Acc a("int main() { unsigned i = 0, a = 0, b = 0; while (i < 5u) { if (__VERIFIER_nondet_uint()) a++; else b++;"
          " i++; } return 0; }");
    REQUIRE(a.acc);
    REQUIRE(a.acc->loops.size() == 1);
    const verifier::AcceleratedLoop& loop = a.acc->loops[0];
    CHECK_FALSE(loop.exact);
    CHECK(loop.phases == 2);
    CHECK(loop.after == loop.head);
    CHECK_FALSE(a.acc->replaces_loops());
    CHECK(a.stats.find("accelerate.loops-under")->count == 1);
    // The loop stays: the head keeps its self-loop, and the edge is a second one.
    std::size_t self_loops = 0;
    for (const verifier::EdgeId e : a.program().out(loop.head)) self_loops += a.program().edges[e].dst == loop.head;
    CHECK(self_loops == 2);
    // From (0, 0, 0) the edge reaches exactly the head states a + b = i <= 5 (each is a real run).
    smt::TermManager& tm = a.task.tm;
    const auto& vi = a.task.plain->vars[a.var("main::i")];
    const auto& va = a.task.plain->vars[a.var("main::a")];
    const auto& vb = a.task.plain->vars[a.var("main::b")];
    for (long i = 0; i <= 6; ++i)
        for (long x = 0; x <= 6; ++x)
            for (long y = 0; y <= 6; ++y) {
                smt::Solver s(tm);
                s.assert_formula(a.edge().formula);
                for (const auto* v : {&vi, &va, &vb}) s.assert_formula(tm.mk_eq(v->cur, num(tm, 0)));
                s.assert_formula(tm.mk_eq(vi.next, num(tm, i)));
                s.assert_formula(tm.mk_eq(va.next, num(tm, x)));
                s.assert_formula(tm.mk_eq(vb.next, num(tm, y)));
                CHECK_MESSAGE((s.check() == smt::Result::Sat) == (x + y == i && i <= 5), i << " " << x << " " << y);
            }
    // Invariants at the head are loop invariants: nothing is blanked for printing.
    std::vector<smt::Term> inv(a.program().locs.size(), tm.mk_false());
    CHECK(a.acc->printable_invariants(inv)[loop.head] == tm.mk_false());
}

namespace {

// The verdict of bmc on the accelerated program of `code`, and the gate's judgement of it.
std::pair<verifier::Verdict, verifier::Certified> judged(const std::string& code) {
    Acc a(code);
    REQUIRE(a.acc);
    verifier::Verdict v = solve(a.program());
    verifier::Certified c = verifier::certify(v, a.program(), a.task.tu, {}, {}, test::test_budget(20));
    return {std::move(v), std::move(c)};
}

}  // namespace

TEST_CASE("the transformed program: a deep bug in a few steps, replayed with all its iterations") {
    const auto [v, c] =
        judged("int main() { unsigned x = 0; while (x < 100000u) x += 3; __VERIFIER_assert(x != 100002u); return 0; }");
    REQUIRE(v.kind == VerdictKind::False);
    CHECK(v.cex.accelerated_iterations == 33334);
    CHECK(v.cex.plain_path.size() > 33334);
    CHECK(c.kind == VerdictKind::False);
}

TEST_CASE("the transformed program: safety by a complete unrolling the gate checks") {
    const auto [v, c] = judged("int main() { unsigned x = 0; while (x < 1000000u) { if (x < 500000u) x++; else x += 2; }"
                               " __VERIFIER_assert(x == 1000000u); return 0; }");
    CHECK(v.kind == VerdictKind::True);
    CHECK(c.kind == VerdictKind::True);
}

TEST_CASE("a diamond's bug 3000 iterations deep: found through the under-approximation and replayed") {
    const auto [v, c] = judged("int main() { unsigned i = 0, a = 0, b = 0; while (i < 3000u) {"
                               " if (__VERIFIER_nondet_uint()) a++; else b++; i++; }"
                               " __VERIFIER_assert(a + b == 3001u); return 0; }");
    REQUIRE(v.kind == VerdictKind::False);
    CHECK(v.cex.accelerated_iterations == 3000);
    CHECK(v.cex.plain_path.size() > 3000);
    CHECK(c.kind == VerdictKind::False);
}

TEST_CASE("a counterexample of more iterations than the replay takes is not confirmed") {
    const auto [v, c] = judged("int main() { unsigned x = 0; while (x < 0x0fffffffu) { if (x < 0xfff1u) x++; else x += 2; }"
                               " __VERIFIER_assert(x != 0x0fffffffu); return 0; }");
    REQUIRE(v.kind == VerdictKind::False);
    CHECK(v.cex.unexpanded);
    CHECK(c.kind == VerdictKind::Unknown);
    CHECK(c.reason.find("accelerated") != std::string::npos);
}

// Linear relations (iteration.hpp, `linear`): updates that read a changing value, next = A·cur + b
// with A's powers settling; the closure against the loop iterated concretely.
TEST_CASE("a linear relation: prev = i; i++ (A^2 = A)") {
    Acc a("int main() { int i = __VERIFIER_nondet_int(), prev = -1; while (i < 10) { prev = i; i++; } return 0; }");
    REQUIRE(a.acc);
    REQUIRE(a.acc->loops.size() == 1);
    CHECK(a.acc->loops[0].exact);
    CHECK(a.stats.find("accelerate.loops-linear")->count == 1);
    smt::TermManager& tm = a.task.tm;
    const auto& vi = a.task.plain->vars[a.var("main::i")];
    const auto& vp = a.task.plain->vars[a.var("main::prev")];
    for (long s : {0L, 5L, 9L, 10L, 12L}) {
        std::set<std::pair<long, long>> reach{{s, -1}};
        for (long i = s, p = -1; i < 10;) p = i, ++i, reach.insert({i, p});
        for (long it = -2; it <= 13; ++it)
            for (long pt = -2; pt <= 13; ++pt) {
                smt::Solver q(tm);
                q.assert_formula(a.edge().formula);
                q.assert_formula(tm.mk_eq(vi.cur, num(tm, s)));
                q.assert_formula(tm.mk_eq(vp.cur, num(tm, -1)));
                q.assert_formula(tm.mk_eq(vi.next, num(tm, it)));
                q.assert_formula(tm.mk_eq(vp.next, num(tm, pt)));
                CHECK_MESSAGE((q.check() == smt::Result::Sat) == (reach.count({it, pt}) > 0),
                              s << ": (" << it << ", " << pt << ")");
            }
    }
}

TEST_CASE("a linear relation: a shift register x = y; y = z; z += 3 (A^3 = A^2)") {
    Acc a("int main() { int x = 0, y = 5, z = __VERIFIER_nondet_int(); while (z < 20) { x = y; y = z; z = z + 3; }"
          " return 0; }");
    REQUIRE(a.acc);
    CHECK(a.stats.find("accelerate.loops-linear")->count == 1);
    smt::TermManager& tm = a.task.tm;
    const auto& vx = a.task.plain->vars[a.var("main::x")];
    const auto& vy = a.task.plain->vars[a.var("main::y")];
    const auto& vz = a.task.plain->vars[a.var("main::z")];
    for (long s : {1L, 17L, 19L, 20L}) {
        std::map<long, std::pair<long, long>> reach;  // z -> (x, y): z determines the iteration
        long x = 0, y = 5, z = s;
        reach[z] = {x, y};
        while (z < 20) x = y, y = z, z += 3, reach[z] = {x, y};
        for (long zt = -2; zt <= 25; ++zt) {
            smt::Solver q(tm);
            q.assert_formula(a.edge().formula);
            q.assert_formula(tm.mk_eq(vx.cur, num(tm, 0)));
            q.assert_formula(tm.mk_eq(vy.cur, num(tm, 5)));
            q.assert_formula(tm.mk_eq(vz.cur, num(tm, s)));
            q.assert_formula(tm.mk_eq(vz.next, num(tm, zt)));
            const auto it = reach.find(zt);
            if (it == reach.end()) {
                CHECK_MESSAGE(q.check() == smt::Result::Unsat, s << ": z' = " << zt);
                continue;
            }
            // Reachable, and with the x and y of that iteration only.
            CHECK_MESSAGE(q.check() == smt::Result::Sat, s << ": z' = " << zt);
            q.assert_formula(tm.mk_not(
                tm.mk_and(tm.mk_eq(vx.next, num(tm, it->second.first)), tm.mk_eq(vy.next, num(tm, it->second.second)))));
            CHECK_MESSAGE(q.check() == smt::Result::Unsat, s << ": z' = " << zt << " with other x', y'");
        }
    }
}

TEST_CASE("linear relations whose powers do not settle are left alone") {
    // A swap (period 2) and a doubling.
    for (const char* code : {"int main() { int i = 0, x = 1, y = 2, t; while (i < 10) { t = x; x = y; y = t; i++; }"
                             " return 0; }",
                             "int main() { int i = 0, x = 1; while (i < 10) { x = x + i; i++; } return 0; }"}) {
        CAPTURE(code);
        Acc a(code);
        CHECK(!a.acc);
    }
}

TEST_CASE("the transformed program: a bug after 10^5 iterations of prev = i; i++, replayed") {
    const auto [v, c] = judged("int main() { int i = 0, prev = 0; while (i < 100000) { prev = i; i++; }"
                               " __VERIFIER_assert(prev != 99999); return 0; }");
    REQUIRE(v.kind == VerdictKind::False);
    CHECK(v.cex.accelerated_iterations == 100000);
    CHECK(c.kind == VerdictKind::False);
    const auto [t, d] = judged("int main() { int i = 0, prev = 0; while (i < 100000) { prev = i; i++; }"
                               " __VERIFIER_assert(prev == 99999); return 0; }");
    CHECK(t.kind == VerdictKind::True);
    CHECK(d.kind == VerdictKind::True);
}
