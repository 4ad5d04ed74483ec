// Engine kind (engines/kind/): k-induction's TRUE verdicts whose certificates the gate re-checks
// with fresh solvers (certify/kinduction_check.hpp), FALSE verdicts the gate replays, auxiliary
// invariants that make a loop provable, and tampered k-induction certificates refused (wrong k,
// a dropped or non-inductive auxiliary invariant, simple paths claimed away).
#include <doctest/doctest.h>

#include <map>
#include <sstream>
#include <string>

#include "smt/solver.hpp"
#include "verifier/certify/certify.hpp"
#include "verifier/certify/kinduction_check.hpp"
#include "verifier/engines/engine.hpp"
#include "verifier/engines/verdict_codec.hpp"
#include "lowered_program.hpp"

using namespace craig;
using verifier::VerdictKind;

namespace {

verifier::Verdict run_kind(const verifier::Program& blocks, std::map<std::string, std::string> options,
                           unsigned bound = 0, std::string* dot = nullptr) {
    const verifier::EngineInfo* info = verifier::builtin_engines().find("kind");
    REQUIRE(info);
    verifier::CommonSettings common;
    common.bound = bound;
    common.keep_arg = dot != nullptr;
    auto e = info->make(info->settings(common, options));
    verifier::Verdict v = e->solve(blocks, test::test_budget(30));
    if (dot) {
        std::ostringstream out;
        CHECK(e->write_arg(out));
        *dot = out.str();
    }
    return v;
}

std::uint64_t count(const verifier::Verdict& v, const std::string& name) {
    const base::Statistics::Entry* e = v.stats.find(name);
    REQUIRE(e);
    return e->count;
}

struct Task : test::LoweredTask {
    using LoweredTask::LoweredTask;
    VerdictKind gate(const verifier::Verdict& v) {
        return verifier::certify(v, *blocks, tu, {}, verifier::CertifyOptions{}, test::test_budget(60)).kind;
    }
    // The cur constant of the C variable `name`.
    smt::Term var(const std::string& name) const {
        for (verifier::VarId v = 0; v < blocks->vars.size(); ++v)
            if (blocks->var_origin(v).c_name == name) return blocks->vars[v].cur;
        FAIL("no variable " << name);
        return {};
    }
    // The one location with a self-loop (the loop head).
    verifier::LocId loop_head() const {
        for (const verifier::Edge& e : blocks->edges)
            if (e.src == e.dst) return e.src;
        FAIL("no loop");
        return 0;
    }
    verifier::InvariantOutcome check(const verifier::Certificate::KInduction& c) const {
        return verifier::check_k_induction(*blocks, c, {}).outcome;
    }
};

const char* kLoopFree =  // no block reaches the error: 1-inductive
    "int main() { int x = __VERIFIER_nondet_int(); __VERIFIER_assume(x < 1000);"
    " int y = x + 1; __VERIFIER_assert(y > x); return 0; }";
const char* kCounter =  // x <= 10 at the exit: 2-inductive (one block to the error only from x > 10)
    "int main() { int x = 0; while (x < 10) x++; __VERIFIER_assert(x <= 10); return 0; }";
const char* kEqualCounters =  // needs x == y at the loop head: not k-inductive for any k without it
    "int main() { int n = __VERIFIER_nondet_int(); int x = 0, y = 0;"
    " while (x < n) { x++; y++; } if (n >= 0) __VERIFIER_assert(x == y); return 0; }";
const char* kTwoCounters =  // 2-inductive given x == y, which it needs
    "int main() { int x = 0, y = 0; while (x < 10) { x++; y++; } __VERIFIER_assert(y <= 10); return 0; }";
const char* kLock =  // McMillan CAV'06, figure 1
    "int main() { int lock = 0, old, new_ = __VERIFIER_nondet_int();\n"
    "  do { if (lock != 0) reach_error(); lock = 1; old = new_;\n"
    "       if (__VERIFIER_nondet_int()) { if (lock == 0) reach_error(); lock = 0; new_++; }\n"
    "  } while (new_ != old);\n"
    "  if (lock == 0) reach_error(); return 0; }";
const char* kStutter =  // x == 2 only ever follows x == 2: 2-inductive with simple paths only
    "int main() { int x = 0; while (__VERIFIER_nondet_int()) {"
    " if (__VERIFIER_nondet_int() && x == 2) reach_error(); if (x != 2) x = 0; } return 0; }";

}  // namespace

TEST_CASE("kind: a program without a block into the error is 1-inductive") {
    Task t(kLoopFree);
    const verifier::Verdict v = run_kind(*t.blocks, {{"kind-invariants", "none"}});
    CAPTURE(v.reason);
    REQUIRE(v.kind == VerdictKind::True);
    REQUIRE(v.certificate.kinduction);
    CHECK(v.certificate.kinduction->k == 1);
    CHECK(t.gate(v) == VerdictKind::True);
}

TEST_CASE("kind: the counter is 2-inductive and not 1-inductive") {
    Task t(kCounter);
    const verifier::Verdict v = run_kind(*t.blocks, {{"kind-invariants", "none"}});
    CAPTURE(v.reason);
    REQUIRE(v.kind == VerdictKind::True);
    REQUIRE(v.certificate.kinduction);
    CHECK(v.certificate.kinduction->k == 2);
    CHECK(v.certificate.kinduction->invariants.empty());
    CHECK(count(v, "kind.k") == 2);
    CHECK(t.gate(v) == VerdictKind::True);
    // Bounded at k = 1: unknown, saying so.
    const verifier::Verdict b = run_kind(*t.blocks, {{"kind-invariants", "none"}}, 1);
    CHECK(b.kind == VerdictKind::Unknown);
    CHECK(b.reason.find("bound k = 1") != std::string::npos);
    // A wrong k is refused.
    verifier::Certificate::KInduction wrong = *v.certificate.kinduction;
    wrong.k = 1;
    CHECK(t.check(wrong) == verifier::InvariantOutcome::Invalid);
    wrong.k = 0;
    CHECK(t.check(wrong) == verifier::InvariantOutcome::Invalid);
}

TEST_CASE("kind: equal counters need an injected invariant, from either source") {
    Task t(kEqualCounters);
    const verifier::Verdict none = run_kind(*t.blocks, {{"kind-invariants", "none"}}, 6);
    CAPTURE(none.reason);
    CHECK(none.kind == VerdictKind::Unknown);
    for (const char* source : {"candidates", "pdr", "both"}) {
        CAPTURE(source);
        const verifier::Verdict v = run_kind(*t.blocks, {{"kind-invariants", source}}, 6);
        CAPTURE(v.reason);
        REQUIRE(v.kind == VerdictKind::True);
        CHECK(t.gate(v) == VerdictKind::True);
    }
}

TEST_CASE("kind: the lock and a FALSE at depth 12 through the gate") {
    Task lock(kLock);
    const verifier::Verdict v = run_kind(*lock.blocks, {});
    CAPTURE(v.reason);
    REQUIRE(v.kind == VerdictKind::True);
    CHECK(lock.gate(v) == VerdictKind::True);
    Task bug("int main() { int x = 0; while (x < 10) x++; if (x == 10) reach_error(); return 0; }");
    // Candidates only: with pdr among the sources (the default) pdr's own run finds the path.
    const verifier::Verdict f = run_kind(*bug.blocks, {{"kind-invariants", "candidates"}});
    CAPTURE(f.reason);
    REQUIRE(f.kind == VerdictKind::False);
    // The entry block, ten iterations, the block into the error: the base case at depth 12.
    CHECK(count(f, "kind.k") == 12);
    CHECK(bug.gate(f) == VerdictKind::False);
}

TEST_CASE("kind: tampered k-induction certificates are refused") {
    Task t(kTwoCounters);
    auto& tm = t.tm;
    const verifier::LocId head = t.loop_head();
    verifier::Certificate::KInduction c;
    c.k = 2;
    c.invariants.assign(t.blocks->locs.size(), tm.mk_true());
    c.invariants[head] = tm.mk_eq(t.var("x"), t.var("y"));
    CHECK(t.check(c) == verifier::InvariantOutcome::Valid);
    verifier::Verdict v;
    v.kind = VerdictKind::True;
    v.certificate.kinduction = c;
    CHECK(t.gate(v) == VerdictKind::True);

    // A portfolio member's certificate crosses a process boundary through the codec unchanged.
    const std::optional<verifier::Verdict> back =
        verifier::decode_verdict(*t.blocks, verifier::encode_verdict(*t.blocks, v));
    REQUIRE(back);
    CHECK(back->certificate.kinduction == v.certificate.kinduction);

    verifier::Certificate::KInduction wrong_k = c;  // 1-inductive it is not
    wrong_k.k = 1;
    CHECK(t.check(wrong_k) == verifier::InvariantOutcome::Invalid);
    verifier::Certificate::KInduction dropped = c;  // without x == y no k is enough
    dropped.invariants[head] = tm.mk_true();
    CHECK(t.check(dropped) == verifier::InvariantOutcome::Invalid);
    dropped.invariants.clear();
    CHECK(t.check(dropped) == verifier::InvariantOutcome::Invalid);
    verifier::Certificate::KInduction not_inductive = c;  // x == y and x <= 3 is not preserved
    not_inductive.invariants[head] =
        tm.mk_and(c.invariants[head], tm.mk_leq(t.var("x"), tm.mk_numeral(3, tm.sort(t.var("x")))));
    CHECK(t.check(not_inductive) == verifier::InvariantOutcome::Invalid);
    verifier::Verdict bad;
    bad.kind = VerdictKind::True;
    bad.certificate.kinduction = dropped;
    CHECK_THROWS_AS(t.gate(bad), smt::CheckFailure);
}

TEST_CASE("kind: simple paths make a stuttering state 2-inductive") {
    Task t(kStutter);
    const verifier::Verdict plain = run_kind(*t.blocks, {{"kind-invariants", "none"}}, 5);
    CAPTURE(plain.reason);
    CHECK(plain.kind == VerdictKind::Unknown);
    const verifier::Verdict v = run_kind(*t.blocks, {{"kind-invariants", "none"}, {"kind-simple-path", "true"}}, 5);
    CAPTURE(v.reason);
    REQUIRE(v.kind == VerdictKind::True);
    REQUIRE(v.certificate.kinduction);
    CHECK(v.certificate.kinduction->simple_path);
    CHECK(t.gate(v) == VerdictKind::True);
    verifier::Certificate::KInduction claimed = *v.certificate.kinduction;  // without simple paths: refused
    claimed.simple_path = false;
    CHECK(t.check(claimed) == verifier::InvariantOutcome::Invalid);
}

TEST_CASE("kind: statistics,  the locations as Graphviz") {
    Task t(kEqualCounters);
    std::string dot;
    const verifier::Verdict v = run_kind(*t.blocks, {{"kind-invariants", "candidates"}}, 0, &dot);
    REQUIRE(v.kind == VerdictKind::True);
    CHECK(count(v, "kind.base-queries") > 0);
    CHECK(count(v, "kind.houdini-queries") > 0);
    CHECK(dot.find("digraph kind") != std::string::npos);
}
