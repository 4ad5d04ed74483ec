// The certification gate (certify/certify.hpp) on its own: a TRUE stands only with a certificate
// that fresh solvers prove (a wrong or missing one is a self-check failure), a FALSE only when
// the concrete replay of its inputs reaches the error (otherwise UNKNOWN), an UNKNOWN passes.
#include <doctest/doctest.h>

#include <memory>
#include <string>

#include "smt/solver.hpp"
#include "verifier/certify/certify.hpp"
#include "verifier/engines/engine.hpp"
#include "verifier/engines/impact/impact.hpp"
#include "verifier/lowering/lowering.hpp"
#include "verifier/program/large_block.hpp"
#include "lowered_program.hpp"

using namespace craig;
using verifier::Certified;
using verifier::CertifyOptions;
using verifier::VerdictKind;

namespace {

struct Task : test::LoweredTask {
    using LoweredTask::LoweredTask;
    Certified gate(const verifier::Verdict& v) {
        return verifier::certify(v, *blocks, tu, {}, CertifyOptions{}, test::test_budget(60));
    }
};

const char* kSafeLoop =
    "int main() { int i = 0, n = __VERIFIER_nondet_int(); __VERIFIER_assume(n >= 0 && n < 100);"
    " while (i < n) i++; __VERIFIER_assert(i == n); return 0; }";
const char* kUnsafe =
    "int main() { int x = __VERIFIER_nondet_int(); if (x > 10 && x < 13) reach_error(); return 0; }";

}  // namespace

TEST_CASE("gate: impact's invariants prove TRUE; weakened or missing ones are a self-check failure") {
    Task t(kSafeLoop);
    const verifier::Verdict v = verifier::ImpactEngine(*t.blocks, {}).run();
    REQUIRE(v.kind == VerdictKind::True);
    const Certified ok = t.gate(v);
    CHECK(ok.kind == VerdictKind::True);
    CHECK(ok.stats.find("certify.queries") != nullptr);

    // true everywhere: the error location's invariant is satisfiable
    verifier::Verdict weak = v;
    for (smt::Term& inv : weak.certificate.invariants) inv = t.tm.mk_true();
    CHECK_THROWS_AS(t.gate(weak), smt::CheckFailure);

    // false at the entry: not implied by the initial states
    verifier::Verdict strong = v;
    for (smt::Term& inv : strong.certificate.invariants) inv = t.tm.mk_false();
    CHECK_THROWS_AS(t.gate(strong), smt::CheckFailure);

    verifier::Verdict bare = v;
    bare.certificate = {};
    CHECK_THROWS_AS(t.gate(bare), smt::CheckFailure);
}

TEST_CASE("gate: a FALSE stands on its replay; inputs that miss the error make it UNKNOWN") {
    Task t(kUnsafe);
    const verifier::EngineInfo* bmc = verifier::builtin_engines().find("bmc");
    REQUIRE(bmc != nullptr);
    const verifier::Verdict v = bmc->make(bmc->defaults())->solve(*t.blocks, test::test_budget(60));
    REQUIRE(v.kind == VerdictKind::False);
    REQUIRE(v.cex.inputs.size() == 1);
    const Certified ok = t.gate(v);
    CHECK(ok.kind == VerdictKind::False);
    REQUIRE(ok.replay.has_value());

    verifier::Verdict wrong = v;
    wrong.cex.inputs[0].bits = 0;  // x = 0 does not reach reach_error
    wrong.cex.inputs[0].text = "0";
    const Certified refuted = t.gate(wrong);
    CHECK(refuted.kind == VerdictKind::Unknown);
    CHECK_FALSE(refuted.reason.empty());
}

TEST_CASE("gate: UNKNOWN passes unchanged") {
    Task t(kUnsafe);
    verifier::Verdict v;
    v.kind = VerdictKind::Unknown;
    v.reason = "timeout";
    const Certified c = t.gate(v);
    CHECK(c.kind == VerdictKind::Unknown);
}
