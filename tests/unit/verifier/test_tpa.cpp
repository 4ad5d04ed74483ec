// Engine tpa (engines/tpa/): a counterexample 2^10 loop iterations deep replayed by the gate,
// safe loops proved with certificates the gate accepts (a counter, a two-phase loop, a Real
// program as craig chc makes them), tampered certificates refused, the level bound and the budget.
#include <doctest/doctest.h>

#include <sstream>
#include <string>
#include <vector>

#include "verifier/certify/certify.hpp"
#include "verifier/certify/invariant_check.hpp"
#include "verifier/engines/engine.hpp"
#include "verifier/engines/tpa/tpa.hpp"
#include "lowered_program.hpp"
#include "real_loop.hpp"
#include "tampered_certificate.hpp"

using namespace craig;
using verifier::VerdictKind;

namespace {

verifier::Verdict run_tpa(const verifier::Program& blocks, const std::string& mode) {
    const verifier::EngineInfo* info = verifier::builtin_engines().find("tpa");
    REQUIRE(info);
    verifier::EngineSettings s = info->settings({}, {{"tpa-mode", mode}});
    return info->make(s)->solve(blocks, test::test_budget(30));
}

struct Task : test::LoweredTask {
    using LoweredTask::LoweredTask;
    VerdictKind gate(const verifier::Verdict& v) {
        return verifier::certify(v, *blocks, tu, {}, verifier::CertifyOptions{}, test::test_budget(60)).kind;
    }
};

// The verdict `want` in `mode`, and the gate's agreement: a TRUE's invariant map valid for the
// invariant check alone and for the whole gate, a FALSE's path replayed on the C program.
verifier::Verdict expect(const char* code, VerdictKind want, const std::string& mode) {
    CAPTURE(mode);
    Task t(code);
    verifier::Verdict v = run_tpa(*t.blocks, mode);
    CAPTURE(v.reason);
    REQUIRE(v.kind == want);
    const bool proved = want == VerdictKind::True;
    if (proved) REQUIRE(v.certificate.invariants.size() == t.blocks->locs.size());
    CHECK((!proved || verifier::check_invariants(*t.blocks, v.certificate.invariants, {}).outcome ==
                          verifier::InvariantOutcome::Valid));
    CHECK(t.gate(v) == want);
    return v;
}

const char* kDeep =  // the error after 1024 iterations: 2^10 loop blocks
    "int main() { int x = 0; while (x < 1024) x++; if (x == 1024) reach_error(); return 0; }";
const char* kCountToN =
    "int main() { int n = __VERIFIER_nondet_int(); int x = 0; while (x < n) x++;"
    " if (n >= 0) __VERIFIER_assert(x == n); return 0; }";
const char* kTwoPhase =  // counts up to 10, then down; never below 0
    "int main() { int x = 0, up = 1;"
    " while (__VERIFIER_nondet_int()) { if (up) { x++; if (x == 10) up = 0; } else { x--; if (x == 0) up = 1; } }"
    " __VERIFIER_assert(x >= 0 && x <= 10); return 0; }";

}  // namespace

TEST_CASE("tpa: an error 2^10 iterations deep is a path the gate replays, in both modes") {
    for (const char* mode : {"basic", "split"}) {
        const verifier::Verdict v = expect(kDeep, VerdictKind::False, mode);
        CHECK(v.cex.plain_path.size() > 1024);
        std::ostringstream st;
        v.stats.print(st);
        for (const char* name : {"tpa.levels", "tpa.queries", "tpa.interpolants", "tpa.path-blocks", "tpa.time.queries",
                                 "tpa.time.interpolation", "tpa.time.path"})
            CHECK(st.str().find(name) != std::string::npos);
    }
}

TEST_CASE("tpa: a safe counter is proved with an invariant the gate accepts, in both modes") {
    expect(kCountToN, VerdictKind::True, "basic");
    expect(kCountToN, VerdictKind::True, "split");
    // 10^5 iterations: TRUE at once by the fixed point of a relation, not by unrolling.
    expect("int main() { int x = 0; while (x < 100000) x++; __VERIFIER_assert(x == 100000); return 0; }",
           VerdictKind::True, "split");
}

TEST_CASE("tpa: a two-phase loop is proved") { expect(kTwoPhase, VerdictKind::True, "split"); }

TEST_CASE("tpa: a counterexample has the inputs in execution order, one before and one after the loop") {
    Task t("int main() { int a = __VERIFIER_nondet_int(); int i = 0; while (i < a) i++;"
           " int b = __VERIFIER_nondet_int(); if (i == 5 && b == 2 * i) reach_error(); return 0; }");
    const verifier::Verdict v = run_tpa(*t.blocks, "split");
    REQUIRE(v.kind == VerdictKind::False);
    REQUIRE(v.cex.inputs.size() == 2);
    CHECK(v.cex.inputs.front().text == "5");
    CHECK(v.cex.inputs.back().text == "10");
    CHECK(t.gate(v) == VerdictKind::False);
}

TEST_CASE("tpa: tampered certificates are refused by the invariant check") {
    Task t(kCountToN);
    const verifier::Verdict v = run_tpa(*t.blocks, "split");
    REQUIRE(v.kind == VerdictKind::True);
    test::check_tampered_certificates_refused(*t.blocks, v.certificate.invariants);
    // And the gate itself: an invariant map claiming the error location reachable throws.
    std::vector<smt::Term> unsafe = v.certificate.invariants;
    unsafe[t.blocks->error] = t.tm.mk_true();
    verifier::Verdict forged = v;
    forged.certificate.invariants = unsafe;
    CHECK_THROWS_AS(t.gate(forged), smt::CheckFailure);
}

TEST_CASE("tpa: the level bound and the end of the budget are UNKNOWN saying why") {
    Task t(kDeep);
    verifier::tpa::TpaOptions o;
    o.max_levels = 3;
    const verifier::Verdict b = verifier::tpa::TpaEngine(*t.blocks, o).run();
    CHECK(b.kind == VerdictKind::Unknown);
    CHECK(b.reason.find("bound 3 levels") == 0);
    const verifier::Verdict u = verifier::tpa::TpaEngine(*t.blocks, {}, base::Budget::seconds(1e-9)).run();
    CHECK(u.kind == VerdictKind::Unknown);
    CHECK(u.reason.rfind("timeout at level", 0) == 0);
}

TEST_CASE("tpa: a Real program (as craig chc makes them): x stays below 11, x reaches 7 in 14 steps") {
    using Bad = smt::Term (*)(test::RealLoop&);
    const Bad above = [](test::RealLoop& l) { return l.tm.mk_lt(l.r(11), l.x_()); };
    const Bad seven = [](test::RealLoop& l) { return l.tm.mk_eq(l.x_(), l.r(7)); };
    for (const char* mode : {"basic", "split"}) {
        for (const Bad bad : {above, seven}) {
            CAPTURE(mode);
            test::RealLoop loop(bad);
            const verifier::Verdict v = run_tpa(loop.p, mode);
            CAPTURE(v.reason);
            if (bad == above) {
                REQUIRE(v.kind == VerdictKind::True);
                CHECK(verifier::certify_safe(v, loop.p, {}, test::test_budget(30)).kind == VerdictKind::True);
            } else {
                REQUIRE(v.kind == VerdictKind::False);
                CHECK(v.cex.plain_path.size() == 16);  // init, 14 half steps, the error edge
            }
        }
    }
}
