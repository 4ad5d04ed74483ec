// Lazy annotation (verifier/lazy/, engines/lazy.cpp): the worked examples of McMillan's §1
// (simple, diamond, loop1) and small C programs with loops, branches, calls and C operators.
// Every learned label is checked to be justified with fresh solvers (edge labels {φ} a {A(l2)},
// location labels φ ⇒ A(e) for every out-edge e), every verdict goes through the certification
// gate (the invariant map or bound, the counterexample replayed on the C program), and the
// baseline without learning answers FALSE on a FALSE program and explores loop-free ones fully.
#include <doctest/doctest.h>

#include <memory>
#include <string>

#include "frontend/frontend.hpp"
#include "smt/solver.hpp"
#include "smt/terms/printer.hpp"
#include "verifier/certify/certify.hpp"
#include "verifier/engines/engine.hpp"
#include "verifier/lazy/lazy_search.hpp"
#include "verifier/lazy/time_to_live.hpp"
#include "verifier/lowering/lowering.hpp"
#include "verifier/program/cur_next.hpp"
#include "verifier/program/large_block.hpp"
#include "lowered_program.hpp"

using namespace craig;
using verifier::VerdictKind;

namespace {

using Task = test::LoweredTask;

bool unsat(smt::TermManager& tm, std::initializer_list<smt::Term> fs) {
    smt::Solver s(tm);
    for (smt::Term f : fs) s.assert_formula(f);
    return s.check() == smt::Result::Unsat;
}

// Every label of the final annotation is justified (§2.1), with τ's update on back edges.
std::size_t check_justified(const verifier::Program& p, const verifier::LazyOutcome& r) {
    smt::TermManager& tm = p.terms();
    const verifier::CurNext cn = verifier::cur_next(p);
    std::unordered_map<smt::Term, smt::Term, smt::TermHash> to_next = cn.to_next;
    to_next[r.tau] = r.tau_next;
    auto num = [&](long v) { return tm.mk_numeral(v, smt::SortTable::Int); };
    auto at_loc = [&](verifier::LocId l) {
        std::vector<smt::Term> d = r.location_labels[l];
        d.push_back(tm.mk_lt(r.tau, num(0)));
        return tm.mk_or(d);
    };
    auto on_edge = [&](verifier::EdgeId e) {
        std::vector<smt::Term> d = r.edge_labels[e];
        d.push_back(tm.mk_lt(r.tau, num(r.decrements[e])));
        return tm.mk_or(d);
    };
    std::size_t checked = 0;
    for (verifier::EdgeId e = 0; e < p.edges.size(); ++e) {
        const smt::Term step = tm.mk_and(verifier::instantiate(p, p.edges[e], cn.cur, cn.next, "@j", true, nullptr),
                                         tm.mk_eq(r.tau_next, r.decrements[e] ? tm.mk_sub(r.tau, num(1)) : r.tau));
        const smt::Term post = tm.mk_not(tm.substitute(at_loc(p.edges[e].dst), to_next));
        for (smt::Term phi : r.edge_labels[e]) {
            CHECK_MESSAGE(unsat(tm, {phi, step, post}), "edge label not justified: " << smt::term_to_string(tm, phi));
            ++checked;
        }
    }
    for (verifier::LocId l = 0; l < p.locs.size(); ++l)
        for (smt::Term phi : r.location_labels[l]) {
            for (verifier::EdgeId e : p.out(l))
                CHECK_MESSAGE(unsat(tm, {phi, tm.mk_not(on_edge(e))}),
                              "location label not justified: " << smt::term_to_string(tm, phi));
            ++checked;
        }
    return checked;
}

verifier::LazyOutcome search(const Task& t, bool learning = true, unsigned tau0 = 1) {
    verifier::LazyOptions o;
    o.learning = learning;
    o.tau0 = tau0;
    const verifier::LocId goals[] = {t.blocks->error};
    verifier::LazyOutcome r = verifier::lazy_annotation(*t.blocks, goals, o, base::Budget::seconds(60));
    check_justified(*t.blocks, r);
    return r;
}

// The engine's verdict, through the certification gate.
verifier::Verdict run_engine(const Task& t, bool learning = true, unsigned tau0 = 1,
                             const std::string& program = "blocks") {
    const verifier::EngineInfo* info = verifier::builtin_engines().find("lazy");
    REQUIRE(info != nullptr);
    verifier::EngineSettings settings = info->defaults();
    settings.set("lazy-learning", learning ? "true" : "false");
    settings.set("lazy-tau0", std::to_string(tau0));
    settings.set("lazy-program", program);
    std::unique_ptr<verifier::Engine> e = info->make(settings);
    verifier::Verdict v = e->solve(*t.blocks, base::Budget::seconds(60));
    if (v.kind != VerdictKind::Unknown) {
        const verifier::Certified c =
            verifier::certify(v, *t.blocks, t.tu, {}, verifier::CertifyOptions{}, base::Budget::seconds(60));
        CHECK_MESSAGE(c.kind == v.kind, "the gate rejects the verdict: " << c.reason);
    }
    return v;
}

const char* kSimple =
    "int main() { int x = __VERIFIER_nondet_int(); __VERIFIER_assume(x == 0);"
    " if (__VERIFIER_nondet_int()) { int y = __VERIFIER_nondet_int(); __VERIFIER_assume(y >= 0); x = x + y; }"
    " __VERIFIER_assert(x >= 0); return 0; }";
const char* kDiamond =
    "int main() { int p = __VERIFIER_nondet_int(); __VERIFIER_assume(p); int a; int z = 0;"
    " if (__VERIFIER_nondet_int()) a = 1; else a = 0;"
    " if (a) z = 1; else z = 2;"
    " __VERIFIER_assert(p); return z; }";
const char* kLoop1 =
    "int main() { int x = __VERIFIER_nondet_int(), y = __VERIFIER_nondet_int(), n = __VERIFIER_nondet_int();"
    " __VERIFIER_assume(x == y); int i = 0;"
    " while (i < n) { x = x + 1; i = i + 1; }"
    " __VERIFIER_assert(x >= y); return 0; }";

}  // namespace

TEST_CASE("lazy: the paper's simple, diamond and loop1 are proved with justified labels") {
    for (const char* code : {kSimple, kDiamond, kLoop1}) {
        Task t(code);
        const verifier::LazyOutcome r = search(t);
        CHECK(r.complete);
        CHECK(r.reached.empty());
        REQUIRE(r.unreachable.size() == 1);
        CHECK(r.unreachable[0] == t.blocks->error);
        CHECK(r.stats.learned_edge_labels > 0);
        CHECK(run_engine(t).kind == VerdictKind::True);
    }
}

TEST_CASE("lazy: loop1 needs strengthening (τ) and its labels without τ are the invariant") {
    Task t(kLoop1);
    const verifier::LazyOutcome r = search(t, true, 0);
    REQUIRE(r.complete);
    CHECK(r.stats.back_edges > 0);
    CHECK(r.stats.strengthen_rounds >= 1);
    REQUIRE(r.labels.size() == t.blocks->locs.size());
    CHECK(r.labels[t.blocks->error] == t.tm.mk_false());
    const verifier::Verdict v = run_engine(t, true, 0);
    CHECK(v.kind == VerdictKind::True);
    const base::Statistics::Entry* rounds = v.stats.find("lazy.strengthen-rounds");
    REQUIRE(rounds != nullptr);
    CHECK(rounds->count >= 1);
}

TEST_CASE("lazy: FALSE programs give a counterexample the gate replays") {
    const char* programs[] = {
        // nested branches
        "int main() { int x = __VERIFIER_nondet_int(), y = __VERIFIER_nondet_int();"
        " if (x > 3) { if (y < x) { if (y > 1) reach_error(); } } return 0; }",
        // a loop whose error needs several iterations
        "int main() { int i = 0; int n = __VERIFIER_nondet_int(); while (i < n) { i = i + 2; }"
        " __VERIFIER_assert(i != 6); return 0; }",
        // division, modulo and bit operations
        "int main() { int x = __VERIFIER_nondet_int(); int y = __VERIFIER_nondet_int();"
        " __VERIFIER_assume(x > 0 && x < 5 && y > 0 && y < 5);"
        " if (x * y == 12 && x / 2 == 2 && x % 3 == 1 && (y | 1) == 3 && (x ^ y) == 7) reach_error(); return 0; }",
        // a call (inlined)
        "int twice(int a) { return a + a; }"
        " int main() { int x = __VERIFIER_nondet_int(); if (twice(x) == 10) reach_error(); return 0; }",
    };
    for (const char* code : programs) {
        Task t(code);
        const verifier::Verdict v = run_engine(t);
        CHECK_MESSAGE(v.kind == VerdictKind::False, code << ": " << v.reason);
        const verifier::LazyOutcome r = search(t);
        REQUIRE(r.reached.size() == 1);
        CHECK(r.reached[0].first == t.blocks->error);
    }
}

TEST_CASE("lazy: TRUE programs with loops, calls and C operators") {
    const char* programs[] = {
        "int main() { int n = __VERIFIER_nondet_int(); int i = 0, x = 0;"
        " while (i < n) { i++; x++; } __VERIFIER_assert(x == i || n <= 0); return 0; }",
        "int inc(int a) { return a + 1; }"
        " int main() { int x = 0; int k = __VERIFIER_nondet_int(); if (k > 0) x = inc(x); else x = inc(inc(x));"
        " __VERIFIER_assert(x > 0); return 0; }",
        "int main() { int x = __VERIFIER_nondet_int(); __VERIFIER_assume(x >= 0 && x < 1000);"
        " int q = x / 4, r = x % 4; __VERIFIER_assert(r >= 0 && r < 4); return q; }",
        "int main() { int i = 0; while (i < 5) { i++; } __VERIFIER_assert(i == 5); return 0; }",
    };
    for (const char* code : programs) {
        Task t(code);
        const verifier::Verdict v = run_engine(t);
        CHECK_MESSAGE(v.kind == VerdictKind::True, code << ": " << v.reason);
        search(t);  // labels justified
    }
}

TEST_CASE("lazy: without learning, FALSE is found, loop-free programs are explored completely, loops stay open") {
    {
        Task t("int main() { int x = __VERIFIER_nondet_int(); if (x == 42) reach_error(); return 0; }");
        CHECK(run_engine(t, false).kind == VerdictKind::False);
    }
    {
        Task t(kSimple);
        const verifier::LazyOutcome r = search(t, false);
        CHECK(r.complete);
        CHECK(r.complete_bound.has_value());
        CHECK(r.stats.learned_edge_labels == 0);
        CHECK(r.stats.backtracks >= 1);
        // On the plain program the baseline enumerates both paths through the branch.
        verifier::LazyOptions o;
        o.learning = false;
        const verifier::LocId goals[] = {t.plain->error};
        const verifier::LazyOutcome plain = verifier::lazy_annotation(*t.plain, goals, o, base::Budget::seconds(60));
        CHECK(plain.complete);
        CHECK(plain.stats.backtracks >= 2);
        CHECK(run_engine(t, false).kind == VerdictKind::True);
    }
    {
        // An unbounded loop: the baseline never proves it (here within a short budget).
        Task t(kLoop1);
        verifier::LazyOptions o;
        o.learning = false;
        const verifier::LocId goals[] = {t.blocks->error};
        const verifier::LazyOutcome r = verifier::lazy_annotation(*t.blocks, goals, o, base::Budget::seconds(1));
        CHECK_FALSE(r.complete);
        CHECK(r.reason.rfind("timeout", 0) == 0);
    }
}

TEST_CASE("lazy: every location as a goal: reached ones with paths, the dead one proved unreachable") {
    Task t(
        "int main() { int x = __VERIFIER_nondet_int(); int y = 0;"
        " if (x > 5) { y = 1; if (x < 3) { y = 2; } } else { y = 3; } return y; }");
    const verifier::Program& p = *t.plain;
    std::vector<verifier::LocId> goals;
    for (verifier::LocId l = 0; l < p.locs.size(); ++l) goals.push_back(l);
    verifier::LazyOptions o;
    o.stop_at_goal = false;
    const verifier::LazyOutcome r = verifier::lazy_annotation(p, goals, o, base::Budget::seconds(60));
    check_justified(p, r);
    CHECK(r.complete);
    CHECK_FALSE(r.unreachable.empty());  // y = 2 and the error location
    CHECK(r.reached.size() + r.unreachable.size() == p.locs.size());
    for (const auto& [g, cex] : r.reached) {
        if (g == p.entry) continue;
        REQUIRE_FALSE(cex.plain_path.empty());
        CHECK(p.edges[cex.plain_path.front()].src == p.entry);
        CHECK(p.edges[cex.plain_path.back()].dst == g);
    }
}

TEST_CASE("lazy: on the plain program (--lazy-program plain) the verdicts stand and the gate accepts them") {
    for (const char* code : {kSimple, kDiamond, kLoop1}) {
        Task t(code);
        CHECK(run_engine(t, true, 1, "plain").kind == VerdictKind::True);
    }
    Task f(
        "int main() { int i = 0; int n = __VERIFIER_nondet_int(); while (i < n) { i = i + 2; }"
        " __VERIFIER_assert(i != 6); return 0; }");
    CHECK(run_engine(f, true, 1, "plain").kind == VerdictKind::False);
    CHECK(run_engine(f, false, 1, "plain").kind == VerdictKind::False);
}

TEST_CASE("lazy: a chain of diamonds: learning needs a few backtracks, the baseline one per path (2^n)") {
    std::string code = "int main() { int p = __VERIFIER_nondet_int(); __VERIFIER_assume(p > 0); int a = 0;";
    constexpr int n = 6;
    for (int i = 0; i < n; ++i) code += " if (__VERIFIER_nondet_int()) a = a + 1; else a = a - 1;";
    code += " __VERIFIER_assert(p > 0); return a; }";
    Task t(code);
    const verifier::LocId goals[] = {t.plain->error};
    verifier::LazyOptions o;
    const verifier::LazyOutcome learned = verifier::lazy_annotation(*t.plain, goals, o, base::Budget::seconds(60));
    check_justified(*t.plain, learned);
    o.learning = false;
    const verifier::LazyOutcome dart = verifier::lazy_annotation(*t.plain, goals, o, base::Budget::seconds(60));
    REQUIRE(learned.complete);
    REQUIRE(dart.complete);
    CHECK(dart.stats.backtracks == (1u << n));
    CHECK(learned.stats.backtracks <= 2 * n + 2);
}

namespace {

// Back edges of the depth-first search, and those of them that keep τ's decrement, in the
// instrumentation of a program (plain or large-block).
struct Decrements {
    std::size_t back = 0, bounded = 0, decrementing = 0;
};
Decrements decrements(const verifier::Program& p, std::uint64_t limit = 4096) {
    verifier::TimeToLiveOptions o;
    o.max_iterations = limit;
    const verifier::TimeToLive t = verifier::instrument_time_to_live(p, o);
    Decrements d{t.back_edges, t.bounded_back_edges, 0};
    for (std::uint8_t x : t.decrements) d.decrementing += x;
    CHECK(d.back == d.bounded + d.decrementing);
    return d;
}

}  // namespace

TEST_CASE("lazy: back edges of loops bounded by a constant do not decrement tau") {
    const char* bounded[] = {
        "int main() { int s = 0; for (int i = 0; i < 1000; i++) s += 2; __VERIFIER_assert(s == 2000); return 0; }",
        // counting down, the bound as a lower one
        "int main() { int s = 0; for (int i = 10; i > 0; i--) s++; __VERIFIER_assert(s == 10); return 0; }",
        // steps of 3, a branch in the body that leaves the counter alone, the guard written 5 > i
        "int main() { int s = 0, i = 0; while (5 * 4 > i) { if (__VERIFIER_nondet_int()) s++; i = i + 3; }"
        " __VERIFIER_assert(s <= 7); return 0; }",
        // nested loops: the outer counter's edge first, then the inner loop
        "int main() { int s = 0; for (int i = 0; i < 10; i++) for (int j = 0; j < 20; j++) s++;"
        " __VERIFIER_assert(s == 200); return 0; }",
        // the exit in the middle of the body (break)
        "int main() { int i = 0; while (1) { i++; if (i >= 50) break; } __VERIFIER_assert(i == 50); return 0; }",
    };
    for (const char* code : bounded) {
        Task t(code);
        for (const verifier::Program* p : {t.plain.get(), t.blocks.get()}) {
            const Decrements d = decrements(*p);
            CHECK_MESSAGE(d.back > 0, code);
            CHECK_MESSAGE(d.decrementing == 0, code << (p == t.plain.get() ? " (plain)" : " (blocks)"));
        }
    }
    // Unsigned arithmetic wraps (i' = i + 1 - 2^32 k): an increase only where the edge's own guard
    // i <= 29 rules the wrap out, as in the large block; on the plain edge of i++ it does not.
    Task u("int main() { unsigned int s = 0; for (unsigned int i = 0; i < 30; i++) s += 2; return s; }");
    CHECK(decrements(*u.blocks).decrementing == 0);
    CHECK(decrements(*u.plain).decrementing == 1);
}

TEST_CASE("lazy: loops the analysis cannot bound keep tau's decrement") {
    const char* unbounded[] = {
        // the bound is a nondeterministic value (each run ends, but no constant bounds them all)
        kLoop1,
        // the counter starts anywhere
        "int main() { int i = __VERIFIER_nondet_int(); while (i < 10) i++; return 0; }",
        // the counter is also written elsewhere in the body
        "int main() { int i = 0; while (i < 10) { i++; if (__VERIFIER_nondet_int()) i = 0; } return 0; }",
        "int main() { int i = 0; while (i < 10) { i++; if (__VERIFIER_nondet_int()) i--; } return 0; }",
        // the counter is not increased on every cycle
        "int main() { int i = 0; while (i < 10) { if (__VERIFIER_nondet_int()) i++; } return 0; }",
        // the bound is written in the loop
        "int main() { int i = 0, n = 10; while (i < n) { i++; n = __VERIFIER_nondet_int(); } return 0; }",
        // no guard of the form i < K
        "int main() { int x = 0; while (x != 10) x += 3; return 0; }",
        // an inner loop without a bound inside a bounded outer loop
        "int main() { for (int i = 0; i < 10; i++) { int j = 0; while (j < __VERIFIER_nondet_int()) j++; }"
        " return 0; }",
    };
    for (const char* code : unbounded) {
        Task t(code);
        for (const verifier::Program* p : {t.plain.get(), t.blocks.get()}) {
            const Decrements d = decrements(*p);
            CHECK_MESSAGE(d.decrementing > 0, code << (p == t.plain.get() ? " (plain)" : " (blocks)"));
        }
    }
    // A bound above the limit keeps τ (the search would follow every unrolling first).
    Task big("int main() { int s = 0; for (int i = 0; i < 1000; i++) s += 2; return s; }");
    CHECK(decrements(*big.blocks, 999).decrementing == 1);
    CHECK(decrements(*big.blocks, 1000).decrementing == 0);
    // Nested loops: the product of the bounds counts.
    Task nested("int main() { int s = 0; for (int i = 0; i < 10; i++) for (int j = 0; j < 20; j++) s++; return s; }");
    CHECK(decrements(*nested.blocks, 150).decrementing > 0);
    CHECK(decrements(*nested.blocks, 250).decrementing == 0);
}

TEST_CASE("lazy: a statically bounded loop is explored in one round, with justified labels") {
    Task t("int main() { int s = 0; for (int i = 0; i < 40; i++) s += 2; __VERIFIER_assert(s == 80); return 0; }");
    const verifier::LazyOutcome r = search(t);
    REQUIRE(r.complete);
    CHECK(r.stats.bounded_back_edges == 1);
    CHECK(r.stats.tau0 == 1);
    CHECK(r.stats.max_depth >= 40);
    CHECK(run_engine(t).kind == VerdictKind::True);
    CHECK(run_engine(t, true, 1, "plain").kind == VerdictKind::True);
    // The DART baseline: no path is cut, so the enumeration is complete.
    const verifier::LazyOutcome dart = search(t, false);
    REQUIRE(dart.complete);
    REQUIRE(dart.complete_bound.has_value());
    CHECK(*dart.complete_bound > 40);
    CHECK(run_engine(t, false).kind == VerdictKind::True);
    Task f("int main() { int s = 0; for (int i = 0; i < 40; i++) s += 2; __VERIFIER_assert(s != 80); return 0; }");
    CHECK(run_engine(f).kind == VerdictKind::False);
    CHECK(run_engine(f, false).kind == VerdictKind::False);
    CHECK(run_engine(f, true, 1, "plain").kind == VerdictKind::False);
}
