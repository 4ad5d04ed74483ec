// The impact engine (lazy abstraction with interpolants), its unwinding and the
// independent invariant check, on small programs with known verdicts and invariants.
#include <doctest/doctest.h>

#include <chrono>
#include <cstdio>
#include <memory>
#include <string>

#include "frontend/frontend.hpp"
#include "verifier/invariants/affine_hull.hpp"
#include "verifier/invariants/houdini.hpp"
#include "verifier/engines/impact/impact.hpp"
#include "verifier/certify/invariant_check.hpp"
#include "verifier/program/large_block.hpp"
#include "verifier/lowering/lowering.hpp"
#include "verifier/program/term_to_c.hpp"
#include "verifier/engines/impact/unwinding.hpp"
#include "lowered_program.hpp"

using namespace craig;
using verifier::VerdictKind;
using verifier::VertexId;

namespace {

// A lowered program and its large-block encoding, sharing one TermManager.
struct Fixture : test::LoweredProgram {
    using LoweredProgram::LoweredProgram;
    // The engine's verdict; a TRUE must pass the certification gate's invariant check.
    verifier::Verdict run(verifier::ImpactOptions o = {}) {
        verifier::Verdict v = verifier::ImpactEngine(*blocks, o).run();
        if (v.kind == VerdictKind::True)
            CHECK(verifier::check_invariants(*blocks, v.certificate.invariants, {}).outcome ==
                  verifier::InvariantOutcome::Valid);
        return v;
    }
    smt::Term var(const std::string& c_name) const {
        for (verifier::VarId v = 0; v < blocks->vars.size(); ++v)
            if (blocks->var_origin(v).c_name == c_name) return blocks->vars[v].cur;
        FAIL("no variable " << c_name);
        return {};
    }
    verifier::LocId loop_head(unsigned i = 0) const {
        for (verifier::LocId l = 0; l < blocks->locs.size(); ++l)
            if (blocks->locs[l].loop_head && i-- == 0) return l;
        FAIL("no loop head");
        return 0;
    }
};

const char* kLock =  // McMillan CAV'06, figure 1
    "int main() { int lock = 0, old, new_ = __VERIFIER_nondet_int();\n"
    "  do { if (lock != 0) reach_error(); lock = 1; old = new_;\n"
    "       if (__VERIFIER_nondet_int()) { if (lock == 0) reach_error(); lock = 0; new_++; }\n"
    "  } while (new_ != old);\n"
    "  if (lock == 0) reach_error(); return 0; }";

const char* kCountToN =
    "int main() { int n = __VERIFIER_nondet_int(); __VERIFIER_assume(n >= 0);"
    " int x = 0; while (x < n) x++; __VERIFIER_assert(x == n); return 0; }";

}  // namespace

TEST_CASE("impact: the lock example of the paper is safe") {
    Fixture f(kLock);
    auto v = f.run();
    REQUIRE(v.kind == VerdictKind::True);
    REQUIRE(v.certificate.invariants.size() == f.blocks->locs.size());
    CHECK(v.certificate.invariants[f.blocks->error] == f.tm.mk_false());
    // The loop head needs lock = 0 (the do-while enters its body unlocked).
    CHECK(v.certificate.invariants[f.loop_head()] != f.tm.mk_true());
    // Every interpolation system gives a checked proof.
    for (auto b : {itp::BoolSystem::McMillan, itp::BoolSystem::Pudlak, itp::BoolSystem::McMillanPrime})
        for (auto l : {itp::LraSystem::Farkas, itp::LraSystem::DualFarkas, itp::LraSystem::DecomposedFarkas}) {
            verifier::ImpactOptions o;
            o.itp.boolean = b;
            o.itp.lra = l;
            CHECK(f.run(o).kind == VerdictKind::True);
            o.weaken_interpolants = false;
            CHECK(f.run(o).kind == VerdictKind::True);
        }
}

TEST_CASE("impact: statistics split the solving time into SAT and theories") {
    Fixture f(kLock);
    const auto t0 = std::chrono::steady_clock::now();
    auto v = f.run();
    const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    REQUIRE(v.kind == VerdictKind::True);
    const base::Statistics::Entry* sat_entry = v.stats.find("impact.time.sat");
    const base::Statistics::Entry* theory_entry = v.stats.find("impact.time.theories");
    REQUIRE(sat_entry);
    REQUIRE(theory_entry);
    CHECK(sat_entry->kind == base::Statistics::Kind::Seconds);
    const double sat = sat_entry->seconds, theory = theory_entry->seconds;
    REQUIRE(sat >= 0);
    REQUIRE(theory >= 0);
    // Measured inside the engine's checks, so within the run; the
    // lock example needs several checks, so the tally cannot stay empty.
    CHECK(sat + theory <= elapsed + 0.002);
    CHECK(sat + theory > 0);
}

TEST_CASE("impact: loops with known invariants") {
    Fixture f(kCountToN);
    auto v = f.run();
    REQUIRE(v.kind == VerdictKind::True);
    // x <= n at the loop head: every state with x > n is outside the invariant.
    const smt::Term inv = v.certificate.invariants[f.loop_head()];
    CHECK(term_to_c(*f.blocks, inv).find('n') != std::string::npos);
    CHECK(verifier::ImpactEngine(*f.blocks, {}).implies(inv, f.tm.mk_leq(f.var("x"), f.var("n"))));

    Fixture pair(
        "int main() { int i = 0, j = 0; while (__VERIFIER_nondet_int()) { i++; j++; }"
        " __VERIFIER_assert(i == j); return 0; }");
    auto w = pair.run();
    REQUIRE(w.kind == VerdictKind::True);
    CHECK(verifier::ImpactEngine(*pair.blocks, {})
              .implies(w.certificate.invariants[pair.loop_head()], pair.tm.mk_eq(pair.var("i"), pair.var("j"))));

    verifier::ImpactOptions plain;  // the paper's algorithm without forced covering
    plain.forced_covering = false;
    CHECK(Fixture(kCountToN).run(plain).kind == VerdictKind::True);
    CHECK(Fixture(kLock).run(plain).kind == VerdictKind::True);
}

TEST_CASE("impact: a FALSE verdict has the plain path and the inputs in execution order") {
    Fixture f(
        "int main() { int a = __VERIFIER_nondet_int(); int b = __VERIFIER_nondet_int();"
        " int i = 0; while (i < a) i++;"
        " if (i == 3 && b == i + 4) reach_error(); return 0; }");
    auto v = f.run();
    REQUIRE(v.kind == VerdictKind::False);
    REQUIRE(v.cex.inputs.size() == 2);
    CHECK(v.cex.inputs[0].text == "3");
    CHECK(v.cex.inputs[1].text == "7");
    REQUIRE(!v.cex.plain_path.empty());
    CHECK(f.plain->edges[v.cex.plain_path.front()].src == f.plain->entry);
    CHECK(f.plain->edges[v.cex.plain_path.back()].dst == f.plain->error);
    for (std::size_t i = 1; i < v.cex.plain_path.size(); ++i)
        CHECK(f.plain->edges[v.cex.plain_path[i - 1]].dst == f.plain->edges[v.cex.plain_path[i]].src);
}

TEST_CASE("impact: uninterpreted operators are made exact before a path counts") {
    // x*y is an uninterpreted function: the path to the error is spurious for C.
    Fixture t(
        "int main() { int x = __VERIFIER_nondet_int(), y = __VERIFIER_nondet_int();"
        " __VERIFIER_assume(x == 3 && y == 4); if (x * y != 12) reach_error(); return 0; }");
    CHECK(t.run().kind == VerdictKind::True);
    Fixture f(
        "int main() { int x = __VERIFIER_nondet_int(), y = __VERIFIER_nondet_int();"
        " __VERIFIER_assume(x > 1 && y > 1); if (x * y == 6) reach_error(); return 0; }");
    auto v = f.run();
    REQUIRE(v.kind == VerdictKind::False);
    REQUIRE(v.cex.inputs.size() == 2);
    const long a = std::stol(v.cex.inputs[0].text), b = std::stol(v.cex.inputs[1].text);
    CHECK(a * b == 6);
}

TEST_CASE("impact: interpolants at several locations") {
    // Each loop head needs its own label (i >= 0, then j >= 0), both from the same refinements.
    Fixture f(
        "int main() { int i = 0; while (__VERIFIER_nondet_int()) i++;"
        " int j = i; while (__VERIFIER_nondet_int()) j += 2;"
        " __VERIFIER_assert(j >= 0); return 0; }");
    auto v = f.run();
    REQUIRE(v.kind == VerdictKind::True);
    CHECK(v.certificate.invariants[f.loop_head(0)] != f.tm.mk_true());
    CHECK(v.certificate.invariants[f.loop_head(1)] != f.tm.mk_true());
    verifier::ImpactEngine e(*f.blocks, {});
    auto zero = f.tm.mk_numeral(0, smt::SortTable::Int);
    CHECK(e.implies(v.certificate.invariants[f.loop_head(0)], f.tm.mk_leq(zero, f.var("i"))));
    CHECK(e.implies(v.certificate.invariants[f.loop_head(1)], f.tm.mk_leq(zero, f.var("j"))));
}

TEST_CASE("impact: two counting loops, with and without forced covering") {
    // Interpolants of the full path from the initial state mention the iteration count of
    // the first loop; refinement from the deepest sufficient label (and forced covering)
    // generalise, so both configurations finish within the depth bound.
    Fixture f(
        "int main() { int n = __VERIFIER_nondet_int(); __VERIFIER_assume(n >= 0);"
        " int x = 0; while (x < n) x++; int y = 0; while (y < n) y++;"
        " __VERIFIER_assert(x == n); return 0; }");
    verifier::ImpactOptions o;
    o.max_depth = 12;
    for (bool forced : {true, false}) {
        o.forced_covering = forced;
        auto v = f.run(o);
        REQUIRE(v.kind == VerdictKind::True);
        CHECK(v.certificate.invariants[f.loop_head(1)] != f.tm.mk_true());
    }
}

TEST_CASE("impact: a reachable recursion bound gives UNKNOWN") {
    Fixture f(
        "int sum(int n) { if (n <= 0) return 0; return n + sum(n - 1); }"
        " int main() { if (sum(5) != 15) reach_error(); return 0; }");
    auto v = f.run();
    CHECK(v.kind == VerdictKind::Unknown);
    CHECK(v.reason.find("recursion") != std::string::npos);
    Fixture g(
        "int sum(int n) { if (n <= 0) return 0; return n + sum(n - 1); }"
        " int main() { if (sum(2) != 3) reach_error(); return 0; }");
    CHECK(g.run().kind == VerdictKind::True);
}

TEST_CASE("unwinding: covering relation bookkeeping") {
    smt::TermManager tm;
    auto x = tm.mk_const(tm.declare_fun("x", {}, smt::SortTable::Int));
    verifier::Unwinding u(tm, 0);
    // 0 -> 1 (loc 1) -> 2 (loc 1) -> 3 (loc 1); 0 -> 4 (loc 1)
    const VertexId a = u.add_child(0, 0, 1), b = u.add_child(a, 1, 1), c = u.add_child(b, 1, 1),
                   d = u.add_child(0, 2, 1);
    CHECK(u.is_ancestor(0, c));
    CHECK(!u.is_ancestor(d, c));
    CHECK(u.nearest_common_ancestor(c, d) == 0);
    CHECK(u.path(c) == std::vector<VertexId>{0, a, b, c});
    u.set_cover(d, c);  // d by a vertex of the other branch
    CHECK(u.is_covered(d));
    CHECK(u[d].covered_by == c);
    // Covering b covers its subtree, so c can no longer cover d (Cover drops (d, c)).
    u.set_cover(b, a);
    CHECK(u.is_covered(c));
    CHECK(!u.is_covered(d));
    CHECK(u.num_covers() == 1);
    // A vertex inside a covered subtree cannot be the coverer.
    CHECK_THROWS(u.set_cover(d, c));
    // Strengthening the coverer drops its covers (they may no longer hold).
    u.strengthen(a, tm.mk_leq(x, tm.mk_numeral(5, smt::SortTable::Int)));
    CHECK(!u.is_covered(b));
    CHECK(u.num_covers() == 0);
    // A false label makes the subtree covered and drops the covers it gave.
    u.set_cover(d, c);
    u.strengthen(b, tm.mk_false());
    CHECK(u.is_covered(c));
    CHECK(!u.is_covered(d));
    // Invariants: disjunction of the uncovered labels per location.
    auto inv = u.invariants(2);
    CHECK(inv[0] == tm.mk_true());
    CHECK(inv[1] == tm.mk_true());  // a (x <= 5) or d (true)
    u.strengthen(d, tm.mk_false());
    CHECK(u.invariants(2)[1] == tm.mk_leq(x, tm.mk_numeral(5, smt::SortTable::Int)));
}

TEST_CASE("impact: Refine and Cover on a hand-driven unwinding") {
    Fixture f(kCountToN);
    verifier::ImpactEngine e(*f.blocks, {});
    auto& u = e.unwinding();
    const auto head = f.loop_head();
    // Expand the root and then the loop head until a path reaches the error.
    e.expand(0);
    REQUIRE(u[0].children.size() == 1);
    const VertexId h0 = u[0].children[0];
    REQUIRE(u[h0].loc == head);
    e.expand(h0);
    VertexId err = verifier::kNoVertex, h1 = verifier::kNoVertex;
    for (VertexId c : u[h0].children) {
        if (u[c].loc == f.blocks->error) err = c;
        if (u[c].loc == head) h1 = c;
    }
    REQUIRE(err != verifier::kNoVertex);
    REQUIRE(h1 != verifier::kNoVertex);
    // Before refinement both loop-head vertices are labelled true: h1 is coverable by h0.
    CHECK(e.implies(u[h1].label, u[h0].label));
    // Refine: the path entry -> head -> error is infeasible; labels along it are strengthened.
    REQUIRE(e.refine(err) == verifier::ImpactEngine::RefineResult::Refined);
    CHECK(u[err].label == f.tm.mk_false());
    CHECK(u.is_covered(err));
    CHECK(u[h0].label != f.tm.mk_true());
    // The interpolant at h0 excludes the error states (x != n and x >= n).
    const smt::Term bad =
        f.tm.mk_and(f.tm.mk_not(f.tm.mk_eq(f.var("x"), f.var("n"))), f.tm.mk_leq(f.var("n"), f.var("x")));
    CHECK(!e.implies(f.tm.mk_true(), f.tm.mk_not(bad)));
    CHECK(e.implies(u[h0].label, f.tm.mk_not(bad)));
    // Implications are decided once per pair of labels.
    const std::size_t checks = e.stats().implication_checks, hits = e.stats().implication_hits;
    CHECK(!e.implies(f.tm.mk_true(), f.tm.mk_not(bad)));
    CHECK(e.implies(u[h0].label, f.tm.mk_not(bad)));
    CHECK(e.stats().implication_checks == checks);
    CHECK(e.stats().implication_hits == hits + 2);
    // The model that refuted true ⊨ ¬bad also refutes true ⊨ ¬bad ∧ x <= 7: no solver call.
    const std::size_t refuted = e.stats().implication_refuted;
    CHECK(!e.implies(f.tm.mk_true(),
                     f.tm.mk_and(f.tm.mk_not(bad), f.tm.mk_leq(f.var("x"), f.tm.mk_numeral(7, smt::SortTable::Int)))));
    CHECK(e.stats().implication_checks == checks);
    CHECK(e.stats().implication_refuted == refuted + 1);
    // Cover needs label(h1) ⊨ label(h0): h1 is still labelled true, so it fails, and covering
    // by a later vertex is never allowed.
    CHECK(!e.cover(h1, h0));
    CHECK(!e.cover(h0, h1));
    // Once h1 carries h0's label, Cover succeeds; strengthening h0 drops the cover again.
    u.strengthen(h1, u[h0].label);
    CHECK(e.cover(h1, h0));
    CHECK(u.is_covered(h1));
    u.strengthen(h0, f.tm.mk_leq(f.var("x"), f.tm.mk_numeral(1000, smt::SortTable::Int)));
    CHECK(!u.is_covered(h1));
}

TEST_CASE("impact: Refine starts from the deepest label that refutes the rest of the path") {
    Fixture f(kCountToN);
    verifier::ImpactEngine e(*f.blocks, {});
    auto& u = e.unwinding();
    const auto head = f.loop_head();
    auto child_at = [&](VertexId x, verifier::LocId l) {
        e.expand(x);
        for (VertexId c : u[x].children)
            if (u[c].loc == l) return c;
        FAIL("no child at location " << l);
        return verifier::kNoVertex;
    };
    const VertexId h0 = child_at(0, head), err0 = child_at(h0, f.blocks->error);
    REQUIRE(e.refine(err0) == verifier::ImpactEngine::RefineResult::Refined);
    const smt::Term root_label = u[0].label, h0_label = u[h0].label;
    REQUIRE(h0_label != f.tm.mk_true());
    // entry -> h0 -> h1 -> error: h1 (true) -> error is feasible, h0's label refutes
    // h0 -> h1 -> error, so two suffix queries and nothing above h0 changes.
    const VertexId h1 = child_at(h0, head), err1 = child_at(h1, f.blocks->error);
    const std::size_t before = e.stats().refinement_queries;
    REQUIRE(e.refine(err1) == verifier::ImpactEngine::RefineResult::Refined);
    CHECK(e.stats().refinement_queries == before + 2);
    CHECK(u[0].label == root_label);
    CHECK(u[h0].label == h0_label);
    CHECK(u[err1].label == f.tm.mk_false());
    // h1's new label excludes the error states of the loop exit (x >= n and x != n).
    const smt::Term bad =
        f.tm.mk_and(f.tm.mk_not(f.tm.mk_eq(f.var("x"), f.var("n"))), f.tm.mk_leq(f.var("n"), f.var("x")));
    CHECK(e.implies(u[h1].label, f.tm.mk_not(bad)));
}

TEST_CASE("invariant_check rejects maps that are not inductive safety invariants") {
    Fixture f(kCountToN);
    auto v = f.run();
    REQUIRE(v.kind == VerdictKind::True);
    smt::SolverOptions so;
    CHECK(verifier::check_invariants(*f.blocks, v.certificate.invariants, so).outcome ==
          verifier::InvariantOutcome::Valid);
    const auto head = f.loop_head();
    auto zero = f.tm.mk_numeral(0, smt::SortTable::Int);
    {  // x == 0 at the loop head is not preserved by x++.
        auto inv = v.certificate.invariants;
        inv[head] = f.tm.mk_and(inv[head], f.tm.mk_eq(f.var("x"), zero));
        auto c = verifier::check_invariants(*f.blocks, inv, so);
        CHECK(c.outcome == verifier::InvariantOutcome::Invalid);
        CHECK(c.why.find("consecution") != std::string::npos);
    }
    {  // Too weak at the loop head: the exit to the error is possible.
        auto inv = v.certificate.invariants;
        inv[head] = f.tm.mk_true();
        CHECK(verifier::check_invariants(*f.blocks, inv, so).outcome == verifier::InvariantOutcome::Invalid);
    }
    {  // A reachable error location, and an entry that is not initial.
        auto inv = v.certificate.invariants;
        inv[f.blocks->error] = f.tm.mk_true();
        CHECK(verifier::check_invariants(*f.blocks, inv, so).outcome == verifier::InvariantOutcome::Invalid);
        inv = v.certificate.invariants;
        inv[f.blocks->entry] = f.tm.mk_leq(f.var("x"), zero);
        auto c = verifier::check_invariants(*f.blocks, inv, so);
        CHECK(c.outcome == verifier::InvariantOutcome::Invalid);
        CHECK(c.why.find("initiation") != std::string::npos);
    }
}

TEST_CASE("term_to_c prints linear arithmetic, comparisons and connectives") {
    Fixture f(kCountToN);
    auto& tm = f.tm;
    auto x = f.var("x"), n = f.var("n");
    auto one = tm.mk_numeral(1, smt::SortTable::Int);
    CHECK(term_to_c(*f.blocks, tm.mk_leq(x, n)) == "n - x >= 0");
    CHECK(term_to_c(*f.blocks, tm.mk_not(tm.mk_leq(x, n))) == "n - x <= -1");
    smt::Term sum[2] = {x, one};
    CHECK(term_to_c(*f.blocks, tm.mk_or(tm.mk_eq(x, n), tm.mk_eq(tm.mk_add(sum), n))) == "(n == x) || ((n - x) == 1)");
}

TEST_CASE("affine_equalities: the hull of sample points") {
    auto q = [](long v) { return mpq_class(v); };
    // Points on y = 2x + 1 (and z = 0) in three dimensions.
    std::vector<std::vector<mpq_class>> pts{{q(0), q(1), q(0)}, {q(1), q(3), q(0)}, {q(5), q(11), q(0)}};
    auto eqs = verifier::affine_equalities(pts, 3);
    REQUIRE(eqs.size() == 2);
    for (const auto& e : eqs)
        for (const auto& p : pts) CHECK(e.coeffs[0] * p[0] + e.coeffs[1] * p[1] + e.coeffs[2] * p[2] + e.constant == 0);
    // A point off the line leaves only z = 0; integer coefficients, first non-zero positive.
    pts.push_back({q(2), q(0), q(0)});
    eqs = verifier::affine_equalities(pts, 3);
    REQUIRE(eqs.size() == 1);
    CHECK(eqs[0].coeffs == std::vector<mpq_class>{q(0), q(0), q(1)});
    CHECK(eqs[0].constant == 0);
    // Rational slopes give integer coefficients: 2y = x + 1 through (1, 1) and (3, 2).
    eqs = verifier::affine_equalities({{q(1), q(1)}, {q(3), q(2)}}, 2);
    REQUIRE(eqs.size() == 1);
    CHECK(eqs[0].coeffs == std::vector<mpq_class>{q(1), q(-2)});
    CHECK(eqs[0].constant == 1);
}

TEST_CASE("houdini keeps exactly the inductive candidates") {
    Fixture f(
        "int main() { int n = __VERIFIER_nondet_int(); int i = 0, k = 0;"
        " while (i < n) { i++; k++; } __VERIFIER_assert(k == i || n < 0); return 0; }");
    const auto head = f.loop_head();
    smt::TermManager& tm = f.tm;
    const smt::Term i = f.var("i"), k = f.var("k"), zero = tm.mk_numeral(0, smt::SortTable::Int);
    const smt::Term k_eq_i = tm.mk_eq(k, i), i_nonneg = tm.mk_leq(zero, i),
                    i_le_3 = tm.mk_leq(i, tm.mk_numeral(3, smt::SortTable::Int)), k_pos = tm.mk_lt(zero, k);
    std::vector<std::vector<smt::Term>> cands(f.blocks->locs.size());
    cands[head] = {k_eq_i, i_nonneg, i_le_3, k_pos};
    smt::SolverOptions so;
    auto h = verifier::houdini(*f.blocks, cands, so);
    // k = i and i >= 0 are inductive; i <= 3 is not preserved, k > 0 fails initially.
    CHECK(h.kept[head] == std::vector<smt::Term>{k_eq_i, i_nonneg});
    CHECK(h.queries > 0);
    // Entry never keeps a candidate (its state is arbitrary).
    cands[f.blocks->entry] = {i_nonneg};
    CHECK(verifier::houdini(*f.blocks, cands, so).kept[f.blocks->entry].empty());
}

TEST_CASE("houdini checks the candidates an edge preserves in one query") {
    // 40 lower bounds i >= -c of a counter (all inductive) and one upper bound i <= 5 (not):
    // checked one by one every round, each bound costs a query per edge and round; asked
    // together, an edge that preserves them all costs one query, and the model of the one
    // violation drops i <= 5.
    Fixture f("int main() { int i = 0; while (__VERIFIER_nondet_int()) i++; return 0; }");
    const auto head = f.loop_head();
    smt::TermManager& tm = f.tm;
    std::vector<std::vector<smt::Term>> cands(f.blocks->locs.size());
    for (int c = 0; c < 40; ++c) cands[head].push_back(tm.mk_leq(tm.mk_numeral(-c, smt::SortTable::Int), f.var("i")));
    const smt::Term upper = tm.mk_leq(f.var("i"), tm.mk_numeral(5, smt::SortTable::Int));
    cands[head].push_back(upper);
    auto h = verifier::houdini(*f.blocks, cands, smt::SolverOptions{});
    std::vector<smt::Term> inductive(cands[head].begin(), cands[head].end() - 1);
    CHECK(h.kept[head] == inductive);
    CHECK(h.queries < 20);
}

TEST_CASE("impact: candidate invariants let relational loops close") {
    // up.c of SV-COMP loop-invgen: without k = i at the first loop, the labels count.
    Fixture f(
        "int main() { int n = __VERIFIER_nondet_int(); int i = 0, k = 0;"
        " while (i < n) { i++; k++; } int j = 0;"
        " while (j < n) { __VERIFIER_assert(k > 0); j++; k--; } return 0; }");
    verifier::ImpactOptions o;
    o.max_depth = 60;
    auto v = f.run(o);
    REQUIRE(v.kind == VerdictKind::True);
    // The first loop head's invariant relates k and i.
    verifier::ImpactEngine e(*f.blocks, {});
    CHECK(e.implies(v.certificate.invariants[f.loop_head()], f.tm.mk_eq(f.var("k"), f.var("i"))));
    o.invariant_candidates = false;
    auto w = f.run(o);
    CHECK(w.kind == VerdictKind::Unknown);
    CHECK(w.reason.find("depth bound") != std::string::npos);
}

TEST_CASE("impact: failed forced covers leave models that refute later attempts") {
    // Counting to a constant: the loop-head labels x <= k never cover each other, and
    // attempts from deeper ancestors of the same vertex are refuted by the model of an
    // earlier attempt without a solver call.
    Fixture f(
        "int main() { int x = 0, y = 0; while (x < 12) { x++; if (x > 6) y++; }"
        " __VERIFIER_assert(y == 6); return 0; }");
    verifier::ImpactEngine e(*f.blocks, {});
    auto v = e.run();
    REQUIRE(v.kind == VerdictKind::True);
    CHECK(e.stats().forced_refuted > 0);
    CHECK(e.stats().forced_refuted <= e.stats().forced_attempts);
}

TEST_CASE("impact: the certificate drops disjuncts another one implies") {
    Fixture f(kCountToN);
    verifier::ImpactEngine e(*f.blocks, {});
    auto& u = e.unwinding();
    const auto head = f.loop_head();
    e.expand(0);
    const VertexId h0 = u[0].children[0];
    REQUIRE(u[h0].loc == head);
    // A second vertex at the loop head (same edge from the root): labels x <= 3 and x <= 5.
    const VertexId h1 = u.add_child(0, u[h0].edge, head);
    const smt::Term three = f.tm.mk_numeral(3, smt::SortTable::Int), five = f.tm.mk_numeral(5, smt::SortTable::Int);
    u.strengthen(h0, f.tm.mk_leq(f.var("x"), three));
    u.strengthen(h1, f.tm.mk_leq(f.var("x"), five));
    const std::vector<smt::Term> inv = e.invariants();
    CHECK(inv[head] == f.tm.mk_leq(f.var("x"), five));  // x <= 3 is implied by x <= 5
    CHECK(e.stats().subsumed_disjuncts == 1);
    // Equivalent labels keep one of them.
    u.strengthen(h1, f.tm.mk_leq(f.var("x"), three));
    CHECK(e.invariants()[head] == f.tm.mk_leq(f.var("x"), three));
}

TEST_CASE("invariants in C: names as C sees them at the location") {
    // f is inlined twice: each instance has its own n; at a location of one instance its n
    // is printed as n, the other instance's by its program name.
    Fixture f(
        "int g;\n"
        "int f(int n) { int k = 0; while (k < n) k++; return k; }\n"
        "int main() { int a = f(2); int b = f(3); g = a + b; if (g != 5) reach_error(); return 0; }\n");
    std::vector<verifier::VarId> ns;
    for (verifier::VarId v = 0; v < f.blocks->vars.size(); ++v)
        if (f.blocks->var_origin(v).c_name == "n") ns.push_back(v);
    REQUIRE(ns.size() == 2);
    const std::string first = f.blocks->vars[ns[0]].name, second = f.blocks->vars[ns[1]].name;
    const std::string instance = first.substr(0, first.find("::"));
    verifier::LocId at = verifier::kNoLoc;
    for (verifier::LocId l = 0; l < f.blocks->locs.size(); ++l)
        if (f.blocks->loc_origin(l).function == instance) at = l;
    REQUIRE(at != verifier::kNoLoc);
    const smt::Term n0 = f.blocks->vars[ns[0]].cur, n1 = f.blocks->vars[ns[1]].cur;
    smt::Term g;
    for (verifier::VarId v = 0; v < f.blocks->vars.size(); ++v)
        if (f.blocks->var_origin(v).c_name == "g") g = f.blocks->vars[v].cur;
    const smt::Term both = f.tm.mk_and(f.tm.mk_leq(n0, g), f.tm.mk_leq(n1, g));
    const std::string text = verifier::term_to_c_at(*f.blocks, at, both);
    CHECK(text.find("g - n >= 0") != std::string::npos);  // this instance's n, and the global g
    CHECK(text.find(second) != std::string::npos);        // the other instance's n, qualified
    // Without a location both instances are ambiguous: program names for both.
    CHECK(verifier::term_to_c(*f.blocks, both).find(first) != std::string::npos);
}
