// UFO (engines/ufo/ufo.hpp) and its DAG refinement (encoding/dag_refine.hpp) on small programs
// with known verdicts: every TRUE passes the gate's invariant check, every FALSE path is a
// path of the plain program from entry to the error location.
#include <doctest/doctest.h>

#include <memory>
#include <string>

#include "frontend/frontend.hpp"
#include "verifier/certify/invariant_check.hpp"
#include "verifier/domains/domain.hpp"
#include "verifier/engines/ufo/ufo.hpp"
#include "verifier/lowering/lowering.hpp"
#include "verifier/program/large_block.hpp"
#include "lowered_program.hpp"

using namespace craig;
using verifier::UfoPost;
using verifier::VerdictKind;

namespace {

struct Fixture : test::LoweredProgram {
    using LoweredProgram::LoweredProgram;
    verifier::Verdict run(UfoPost post = UfoPost::True, bool eager = false, unsigned core_rounds = 3,
                          itp::DagRoute route = itp::DagRoute::OneProof, verifier::AbstractDomain* domain = nullptr) {
        verifier::UfoOptions o;
        if (domain) {  // VINTA
            o.domain = domain;
            o.cover_visited = true;
            o.restricted = true;
        }
        o.post = post;
        o.eager = eager;
        o.refine.core_rounds = core_rounds;
        o.refine.itp.dag_route = route;
        verifier::UfoEngine e(*blocks, o, test::test_budget(60));
        verifier::Verdict v = e.run();
        if (v.kind == VerdictKind::True)
            CHECK(verifier::check_invariants(*blocks, v.certificate.invariants, {}).outcome ==
                  verifier::InvariantOutcome::Valid);
        if (v.kind == VerdictKind::False) {
            REQUIRE_FALSE(v.cex.plain_path.empty());
            CHECK(plain->edges[v.cex.plain_path.front()].src == plain->entry);
            CHECK(plain->edges[v.cex.plain_path.back()].dst == plain->error);
            for (std::size_t i = 1; i < v.cex.plain_path.size(); ++i)
                CHECK(plain->edges[v.cex.plain_path[i - 1]].dst == plain->edges[v.cex.plain_path[i]].src);
        }
        return v;
    }
};

const char* kCountToN =
    "int main() { int n = __VERIFIER_nondet_int(); __VERIFIER_assume(n >= 0);"
    " int x = 0; while (x < n) x++; __VERIFIER_assert(x == n); return 0; }";

const char* kCountWrong =
    "int main() { int n = __VERIFIER_nondet_int(); __VERIFIER_assume(n >= 0 && n < 5);"
    " int x = 0; while (x < n) x++; __VERIFIER_assert(x != 3); return 0; }";

// Two loops in sequence, each with a branch between its cut points: paths multiply.
const char* kTwoLoops =
    "int main() { int a = 0, b = 0, i = 0, n = __VERIFIER_nondet_int();"
    " while (i < n) { if (__VERIFIER_nondet_int()) a = a + 1; else a = a + 2; i++; }"
    " int j = 0; while (j < n) { if (__VERIFIER_nondet_int()) b++; j++; }"
    " __VERIFIER_assert(a >= 0 && b >= 0); return 0; }";

const char* kNested =
    "int main() { int i = 0, s = 0; int n = __VERIFIER_nondet_int(); __VERIFIER_assume(n >= 0);"
    " while (i < n) { int j = 0; while (j < i) { j++; s++; } i++; }"
    " __VERIFIER_assert(s >= 0); return 0; }";

}  // namespace

TEST_CASE("ufo: a counting loop is safe, with a checked invariant, in every configuration") {
    for (const UfoPost post : {UfoPost::True, UfoPost::Cartesian, UfoPost::Boolean}) {
        Fixture f(kCountToN);
        CAPTURE(static_cast<int>(post));
        CHECK(f.run(post).kind == VerdictKind::True);
    }
    for (const UfoPost post : {UfoPost::Cartesian, UfoPost::Boolean}) {
        Fixture f(kCountToN);
        CHECK(f.run(post, true).kind == VerdictKind::True);
    }
}

TEST_CASE("ufo: a reachable error gives a path of the plain program") {
    for (const UfoPost post : {UfoPost::True, UfoPost::Cartesian, UfoPost::Boolean}) {
        Fixture f(kCountWrong);
        CHECK(f.run(post).kind == VerdictKind::False);
    }
}

TEST_CASE("ufo: loops in sequence with branches, nested loops; both DAG routes, with and without core pruning") {
    for (const char* code : {kTwoLoops, kNested}) {
        for (const itp::DagRoute route : {itp::DagRoute::OneProof, itp::DagRoute::PerVertex})
            for (const unsigned rounds : {0u, 3u}) {
                Fixture f(code);
                CAPTURE(code);
                CHECK(f.run(UfoPost::True, false, rounds, route).kind == VerdictKind::True);
            }
    }
}

TEST_CASE("ufo: loop-free programs are decided in one refinement") {
    Fixture safe(
        "int main() { int x = __VERIFIER_nondet_int(); if (x > 0) x = x - 1; __VERIFIER_assert(x >= -2147483648); "
        "return 0; }");
    const verifier::Verdict v = safe.run();
    CHECK(v.kind == VerdictKind::True);
    // Every time figure the issue names is reported, the cleaning of interpolants included.
    for (const char* name : {"ufo.time.post", "ufo.time.interpolation", "ufo.time.covering", "ufo.time.clean"})
        CHECK_MESSAGE(v.stats.find(name) != nullptr, name);
    CHECK(v.stats.find("ufo.refinements")->count == 1);
    Fixture bug("int main() { int x = __VERIFIER_nondet_int(); if (x > 5) { if (x < 7) reach_error(); } return 0; }");
    CHECK(bug.run().kind == VerdictKind::False);
}

namespace {

// entry 0 -> 1 by x := 1 (e1) or x := 2 (e2); 1 -> 2 (error) by [x > bound] (e3).
struct Diamond {
    smt::TermManager tm;
    verifier::Program p{tm};
    verifier::EdgeId e1 = 0, e2 = 0, e3 = 0;
    explicit Diamond(int bound) {
        const auto int_type = frontend::Type::of(frontend::TypeKind::Int);
        p.add_var("x", "x", int_type, true, false);
        for (int i = 0; i < 3; ++i) p.add_location({}, "main");
        auto edge = [&](verifier::LocId a, verifier::LocId b, smt::Term f, bool writes) {
            verifier::Edge e;
            e.src = a;
            e.dst = b;
            e.formula = f;
            if (writes) e.writes = {0};
            return p.add_edge(e);
        };
        const smt::Term x = p.vars[0].cur, x1 = p.vars[0].next;
        e1 = edge(0, 1, tm.mk_eq(x1, num(1)), true);
        e2 = edge(0, 1, tm.mk_eq(x1, num(2)), true);
        e3 = edge(1, 2, tm.mk_not(tm.mk_leq(x, num(bound))), false);
        p.entry = 0;
        p.error = 2;
        p.index();
    }
    smt::Term num(int v) { return tm.mk_numeral(v, smt::SortTable::Int); }
    verifier::DagProblem dag() const {
        verifier::DagProblem d;
        d.size = 3;
        d.entry = 0;
        d.arcs = {{0, 1, e1}, {0, 1, e2}, {1, 2, e3}};
        d.bad = {2};
        d.loc = {0, 1, 2};
        return d;
    }
};

}  // namespace

TEST_CASE("dag refine: parallel arcs, a safe well-labelling or a path") {
    for (const unsigned rounds : {0u, 3u}) {
        Diamond safe(5);
        verifier::DagRefineStats st;
        verifier::DagRefineOptions o;
        o.core_rounds = rounds;
        const verifier::DagRefinement r = verifier::refine_dag(safe.p, safe.dag(), o, {}, st);
        REQUIRE(r.kind == verifier::DagRefinement::Kind::Refined);
        CHECK(r.labels[0] == safe.tm.mk_true());
        CHECK(r.labels[2] == safe.tm.mk_false());
        // label(1) ∧ [x > 5] is unsat, and x = 1, x = 2 satisfy label(1).
        smt::Term x = safe.p.vars[0].cur;
        for (const int v : {1, 2}) {
            smt::Solver s(safe.tm);
            s.assert_formula(r.labels[1]);
            s.assert_formula(safe.tm.mk_eq(x, safe.num(v)));
            CHECK(s.check() == smt::Result::Sat);
        }
        smt::Solver s(safe.tm);
        s.assert_formula(r.labels[1]);
        s.assert_formula(safe.tm.mk_not(safe.tm.mk_leq(x, safe.num(5))));
        CHECK(s.check() == smt::Result::Unsat);
    }
    Diamond bug(1);
    verifier::DagRefineStats st;
    const verifier::DagRefinement r = verifier::refine_dag(bug.p, bug.dag(), {}, {}, st);
    REQUIRE(r.kind == verifier::DagRefinement::Kind::Feasible);
    CHECK(r.bad_vertex == 2);
    REQUIRE(r.cex.plain_path.size() == 2);
    CHECK(r.cex.plain_path[0] == bug.e2);  // only x := 2 exceeds the bound
    CHECK(r.cex.plain_path[1] == bug.e3);
}

TEST_CASE("vinta: Box and Boxes prove loops by abstract interpretation and find errors") {
    for (const bool boxes : {false, true}) {
        CAPTURE(boxes);
        for (const char* code : {kCountToN, kNested}) {
            Fixture f(code);
            const base::Budget b = test::test_budget(60);
            auto d = boxes ? verifier::make_boxes_domain(*f.blocks, b) : verifier::make_box_domain(*f.blocks, b);
            CAPTURE(code);
            CHECK(f.run(UfoPost::True, false, 3, itp::DagRoute::OneProof, d.get()).kind == VerdictKind::True);
        }
        Fixture bug(kCountWrong);
        const base::Budget b = test::test_budget(60);
        auto d = boxes ? verifier::make_boxes_domain(*bug.blocks, b) : verifier::make_box_domain(*bug.blocks, b);
        CHECK(bug.run(UfoPost::True, false, 3, itp::DagRoute::OneProof, d.get()).kind == VerdictKind::False);
    }
}
