// The portfolio engine (engines/portfolio.cpp) on its own: the first verdict its gate confirms
// wins and is named, a verdict the gate refuses counts as UNKNOWN, members that all fail to
// decide give UNKNOWN with each member's outcome, and CPU-limited members end the run early.
#include <doctest/doctest.h>

#include <chrono>
#include <functional>
#include <string>

#include "verifier/certify/certify.hpp"
#include "verifier/engines/engine.hpp"
#include "lowered_program.hpp"

using namespace craig;
using verifier::VerdictKind;

namespace {

struct Run : test::LoweredTask {
    using LoweredTask::LoweredTask;
    // members through the portfolio, with the real gate unless `gate` says otherwise.
    verifier::Verdict portfolio(const std::string& members, std::function<bool(const verifier::Verdict&)> gate = {},
                                double seconds = 60) {
        const verifier::EngineInfo& info = *verifier::builtin_engines().find("portfolio");
        verifier::EngineSettings s = info.defaults();
        s.set("portfolio", members);
        s.set("portfolio-jobs", "2");
        s.certified = gate ? gate : [this](const verifier::Verdict& v) {
            return verifier::certify(v, *blocks, tu, {}, verifier::CertifyOptions{}, test::test_budget(60)).kind ==
                   v.kind;
        };
        return info.make(s)->solve(*blocks, test::test_budget(seconds));
    }
};

const char* kSafe =
    "int main() { int x = __VERIFIER_nondet_int(); __VERIFIER_assume(x >= 0 && x < 10);"
    " int y = x + 1; __VERIFIER_assert(y > x); return 0; }";
const char* kUnsafe =
    "int main() { int x = __VERIFIER_nondet_int(); if (x > 10 && x < 13) reach_error(); return 0; }";
// No engine decides this within a second: a non-linear loop.
const char* kHard =
    "int main() { unsigned int x = __VERIFIER_nondet_uint(), y = 1; while (x > 1) { y = y * x + 3; x = x - 1; }"
    " __VERIFIER_assert(y != 12345); return 0; }";

const std::string* text_stat(const verifier::Verdict& v, const std::string& name) {
    const base::Statistics::Entry* e = v.stats.find(name);
    return e ? &e->text : nullptr;
}

}  // namespace

TEST_CASE("portfolio: the first confirmed verdict wins and is named") {
    Run safe(kSafe);
    const verifier::Verdict t = safe.portfolio("bmc;impact");
    CHECK(t.kind == VerdictKind::True);
    REQUIRE(text_stat(t, "portfolio.winner") != nullptr);
    CHECK((*text_stat(t, "portfolio.winner") == "bmc" || *text_stat(t, "portfolio.winner") == "impact"));
    CHECK(t.reason.find("(portfolio member ") != std::string::npos);
    CHECK(t.stats.find("portfolio.members")->count == 2);

    Run unsafe(kUnsafe);
    const verifier::Verdict f = unsafe.portfolio("impact;bmc");
    CHECK(f.kind == VerdictKind::False);
    CHECK(!f.cex.inputs.empty());
}

TEST_CASE("portfolio: a verdict the gate refuses decides nothing") {
    Run safe(kSafe);
    const verifier::Verdict v = safe.portfolio("bmc;impact", [](const verifier::Verdict&) { return false; });
    CHECK(v.kind == VerdictKind::Unknown);
    CHECK(text_stat(v, "portfolio.winner") == nullptr);
    CHECK(v.reason.find("no member decided") != std::string::npos);
}

TEST_CASE("portfolio: CPU-limited members that cannot decide end the run early with UNKNOWN") {
    Run hard(kHard);
    const auto start = std::chrono::steady_clock::now();
    const verifier::Verdict v = hard.portfolio("impact@1;bmc@1", {}, 120);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    CHECK(v.kind == VerdictKind::Unknown);
    CHECK(v.stats.find("portfolio.finished")->count == 2);
    CHECK(seconds < 60);  // the members' own limits ended them, not the run's 120 s
    INFO(v.reason);
    CHECK(v.reason.find("no member decided") != std::string::npos);
}
