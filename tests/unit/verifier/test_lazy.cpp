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
#include "verifier/lowering/lowering.hpp"
#include "verifier/program/cur_next.hpp"
#include "verifier/program/large_block.hpp"
#include "lowered_program.hpp"

using namespace craig;
using verifier::VerdictKind;

namespace {

// A C program with its translation unit, plain program and large blocks (the gate replays
// counterexamples on the translation unit).
struct Task {
    smt::TermManager tm;
    frontend::TranslationUnit tu;
    std::unique_ptr<verifier::Program> plain, blocks;
    explicit Task(const std::string& code)
        : tu(frontend::parse_string(std::string(test::kSvPrelude) + code, "t.c", frontend::DataModel::ILP32)) {
        plain = std::make_unique<verifier::Program>(verifier::lower(tu, tm));
        blocks = std::make_unique<verifier::Program>(verifier::large_block(*plain));
    }
};

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
