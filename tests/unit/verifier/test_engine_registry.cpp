// The engine interface: a test-only engine added to a copy of the registry runs through
// run_verify like a built-in one, and the certification gate judges every engine's verdict
// alike (issue 16: adding an engine touches no existing file but the registry).
#include <doctest/doctest.h>

#include <chrono>
#include <sstream>
#include <thread>

#include "lowered_program.hpp"
#include "smt/solver.hpp"
#include "temp_program.hpp"
#include "verifier/encoding/checked_solver.hpp"
#include "verifier/engines/engine.hpp"
#include "verifier/run/verify.hpp"

using namespace craig;
using verifier::VerdictKind;

namespace {

// A trivial engine: says TRUE with the certificate its option asks for.
//   certificate=none      no certificate (the gate must refuse it)
//   certificate=true-map  `true` at every location (not safe: the gate must refuse it)
//   certificate=safe-map  `false` at the error and truncated locations, `true` elsewhere
//                         (inductive exactly when no edge enters the error location)
class ClaimTrue final : public verifier::Engine {
public:
    explicit ClaimTrue(const verifier::EngineSettings& s) : kind_(s.get("certificate")), settings_(s) {}
    verifier::Verdict solve(const verifier::Program& p, const base::Budget& budget) override {
        verifier::Verdict v;
        v.kind = VerdictKind::True;
        v.reason = "claimed";
        v.stats.count("claim-true.calls", 1);
        // The loop its queries would run (run_verify -> EngineSettings -> checked_solver_options).
        const bool online =
            verifier::checked_solver_options(settings_, budget).sat_integration == smt::SatIntegration::Online;
        v.stats.count("claim-true.online-queries", online ? 1 : 0);
        if (kind_ == "none") return v;
        v.certificate.invariants.assign(p.locs.size(), p.terms().mk_true());
        if (kind_ == "safe-map") {
            v.certificate.invariants[p.error] = p.terms().mk_false();
            if (p.truncated != verifier::kNoLoc) v.certificate.invariants[p.truncated] = p.terms().mk_false();
        }
        return v;
    }

private:
    std::string kind_;
    verifier::EngineSettings settings_;
};

std::string check_certificate_kind(const std::string& v) {
    return v == "none" || v == "true-map" || v == "safe-map" ? "" : "none, true-map or safe-map";
}

constexpr verifier::EngineOption kClaimOptions[] = {
    {"certificate", verifier::OptionKind::Choice, "safe-map", "which certificate to claim", check_certificate_kind},
};

const verifier::EngineInfo kClaimTrue{"claim-true", "test engine: claims TRUE", kClaimOptions,
                                      [](const verifier::EngineSettings& s) -> std::unique_ptr<verifier::Engine> {
                                          return std::make_unique<ClaimTrue>(s);
                                      }, nullptr, {}};

// A trivial engine: says FALSE with a counterexample of one input, the value its option names
// (the gate replays it on the C program: only a value that reaches reach_error makes FALSE).
class ClaimFalse final : public verifier::Engine {
public:
    explicit ClaimFalse(const verifier::EngineSettings& s) : value_(std::stoll(s.get("input"))) {}
    verifier::Verdict solve(const verifier::Program&, const base::Budget&) override {
        verifier::Verdict v;
        v.kind = VerdictKind::False;
        v.reason = "claimed";
        verifier::InputValue in;
        in.bits = static_cast<std::uint64_t>(value_);
        in.text = std::to_string(value_);
        v.cex.inputs.push_back(in);
        return v;
    }

private:
    long long value_;
};

std::string check_integer(const std::string& v) {
    return !v.empty() && v.find_first_not_of("-0123456789") == std::string::npos ? "" : "an integer";
}

constexpr verifier::EngineOption kClaimFalseOptions[] = {
    {"input", verifier::OptionKind::Text, "0", "the input value of the claimed counterexample", check_integer},
};

const verifier::EngineInfo kClaimFalse{"claim-false", "test engine: claims FALSE", kClaimFalseOptions,
                                       [](const verifier::EngineSettings& s) -> std::unique_ptr<verifier::Engine> {
                                           return std::make_unique<ClaimFalse>(s);
                                       }, nullptr, {}};

// run_verify with the built-in engines plus claim-true and claim-false.
verifier::VerifyStatus run(const std::string& code, const std::string& certificate, std::string& out,
                           const std::string& engine = "claim-true",
                           smt::SatIntegration loop = smt::SatIntegration::Offline) {
    verifier::EngineRegistry registry = verifier::builtin_engines();
    registry.add(kClaimTrue);
    registry.add(kClaimFalse);
    test::TempProgram prog(code);
    verifier::VerifyOptions o;
    o.input = prog.file.string();
    o.engine = engine;
    o.engines = &registry;
    o.engine_options[engine == "claim-true" ? "certificate" : "input"] = certificate;
    o.stats = true;
    o.sat_integration = loop;
    std::ostringstream sout, serr;
    const verifier::VerifyStatus s = verifier::run_verify(o, sout, serr);
    out = sout.str();
    return s;
}

const char* kSafe = "extern void reach_error(void);\nint main() { int x = 1; if (x != 1) reach_error(); return 0; }\n";
const char* kNoErrorCall = "int main() { int x = 1; return x; }\n";

}  // namespace

TEST_CASE("registry: the built-in engines and their option tables") {
    const verifier::EngineRegistry& r = verifier::builtin_engines();
    REQUIRE(r.find("bmc"));
    REQUIRE(r.find("impact"));
    CHECK_FALSE(r.find("no-such-engine"));
    const verifier::EngineInfo& impact = *r.find("impact");
    REQUIRE(impact.option("itp-bool"));
    CHECK(impact.defaults().get("itp-bool") == "mcmillan");
    CHECK(impact.defaults().flag("impact-forced-covering"));
    CHECK(impact.option("itp-lra")->check("dual-farkas").empty());
    CHECK_FALSE(impact.option("itp-lra")->check("no-such-system").empty());
    verifier::EngineRegistry copy = r;
    CHECK_THROWS_AS(copy.add(impact), std::logic_error);  // a name is registered once
}

TEST_CASE("registry: what each engine can do is stated in its EngineInfo") {
    const verifier::EngineRegistry& r = verifier::builtin_engines();
    for (const verifier::EngineInfo& e : r.all()) {
        CAPTURE(e.name);
        CHECK((e.make != nullptr) != (e.make_procedural != nullptr));  // exactly one factory
        CHECK(e.can.member == !e.can.combines);
    }
    const auto names = [&](bool (*selected)(const verifier::EngineInfo&)) { return r.names(selected); };
    CHECK(names([](const verifier::EngineInfo& e) { return e.can.words; }) == "bmc, impact, ufo, cpufo, bpufo, cp, bp, lazy");
    CHECK(names([](const verifier::EngineInfo& e) { return e.procedural(); }) == "lazy-inter, whale, summaries");
    CHECK(names([](const verifier::EngineInfo& e) { return e.can.combines; }) == "portfolio");
    CHECK(names([](const verifier::EngineInfo& e) { return e.can.identity; }) == "summaries");
    // An EngineInfo with no factory or with both is refused.
    verifier::EngineRegistry copy;
    verifier::EngineInfo none{"none", "no factory", {}, nullptr, nullptr, {}};
    CHECK_THROWS_AS(copy.add(none), std::logic_error);
    verifier::EngineInfo both = *r.find("whale");
    both.name = "both";
    both.make = r.find("bmc")->make;
    CHECK_THROWS_AS(copy.add(both), std::logic_error);
}

TEST_CASE("registry: settings() takes the common settings and the options the table declares") {
    const verifier::EngineInfo& impact = *verifier::builtin_engines().find("impact");
    verifier::CommonSettings common;
    common.bound = 7;
    common.check_models = false;
    common.producer = "craig test";
    const verifier::EngineSettings s =
        impact.settings(common, {{"itp-bool", "mcmillan-prime"}, {"portfolio", "bmc"}, {"value-threshold", "3"}});
    CHECK(s.bound == 7);
    CHECK_FALSE(s.check_models);
    CHECK(s.producer == "craig test");
    CHECK(s.get("itp-bool") == "mcmillan-prime");
    CHECK(s.get("itp-lra") == impact.defaults().get("itp-lra"));  // the rest at their defaults
    CHECK_FALSE(s.has("portfolio"));                                // another engine's options ignored
    CHECK_FALSE(s.has("value-threshold"));
}

TEST_CASE("registry: a procedural engine made by create() solves the procedural model, without one it says so") {
    test::LoweredProgram lp("int main() { int x = __VERIFIER_nondet_int(); if (x != x) reach_error(); return 0; }");
    const verifier::EngineInfo& whale = *verifier::builtin_engines().find("whale");
    const verifier::MadeEngine made = whale.create(whale.defaults());
    REQUIRE(made.procedural == made.engine.get());
    const verifier::Verdict v = made.run(*lp.blocks, nullptr, base::Budget::seconds(10));
    CHECK(v.kind == VerdictKind::Unknown);
    CHECK(v.reason == "no procedural model of the program");
    const verifier::EngineInfo& bmc = *verifier::builtin_engines().find("bmc");
    const verifier::MadeEngine plain = bmc.create(bmc.defaults());
    CHECK(plain.procedural == nullptr);
    CHECK(plain.run(*lp.blocks, nullptr, base::Budget::seconds(10)).kind == VerdictKind::True);
}

TEST_CASE("registry: a test engine runs through run_verify and its certificate is checked") {
    std::string out;
    // A safe program whose error location has no incoming edge: the safe map is inductive.
    CHECK(run(kNoErrorCall, "safe-map", out) == verifier::VerifyStatus::Done);
    CHECK(out.find("Verification result: TRUE") != std::string::npos);
    CHECK(out.find("claim-true.calls: 1") != std::string::npos);  // its statistics are printed
    CHECK(out.find("certify.queries:") != std::string::npos);
    // `true` at the error location is not a safety certificate: a failed self-check (exit 10).
    CHECK_THROWS_AS(run(kSafe, "true-map", out), smt::CheckFailure);
    // No certificate at all: refused whatever the engine.
    CHECK_THROWS_AS(run(kSafe, "none", out), smt::CheckFailure);
}

TEST_CASE("registry: --sat-integration reaches the engine's queries") {
    std::string out;
    CHECK(run(kNoErrorCall, "safe-map", out) == verifier::VerifyStatus::Done);
    CHECK(out.find("claim-true.online-queries: 0") != std::string::npos);
    CHECK(run(kNoErrorCall, "safe-map", out, "claim-true", smt::SatIntegration::Online) == verifier::VerifyStatus::Done);
    CHECK(out.find("Verification result: TRUE") != std::string::npos);
    CHECK(out.find("claim-true.online-queries: 1") != std::string::npos);
}

TEST_CASE("registry: a FALSE is printed only when the gate's replay of its counterexample reaches the error") {
    const char* bug = "extern void reach_error(void);\nextern int __VERIFIER_nondet_int(void);\n"
                      "int main() { int x = __VERIFIER_nondet_int(); if (x == 3) reach_error(); return 0; }\n";
    std::string out;
    run(bug, "3", out, "claim-false");
    CHECK(out.find("Verification result: FALSE") != std::string::npos);
    run(bug, "4", out, "claim-false");  // a counterexample that does not replay
    CHECK(out.find("Verification result: UNKNOWN (counterexample not confirmed by replay") != std::string::npos);
    CHECK(out.find("Verification result: FALSE") == std::string::npos);
}

TEST_CASE("registry: progress lines are rate-limited and name the engine") {
    std::ostringstream err;
    verifier::Progress p(err, "test", 0.0);  // period 0: every tick prints
    p.tick([] { return std::string("step 1"); });
    CHECK(err.str().find("test: step 1") != std::string::npos);
    std::ostringstream quiet;
    verifier::Progress q(quiet, "test", 3600.0);
    for (int i = 0; i < 1000; ++i) q.tick([] { return std::string("never"); });
    CHECK(quiet.str().empty());
}

// The portfolio's last guard (docs/architecture.md, "Where a verdict is printed"): two member
// verdicts that contradict each other and both pass the gate are a failed self-check, never a
// verdict. A correct gate cannot confirm both, so the test hands the portfolio a gate that
// confirms everything, after a pause in which the other member has written its verdict
// (claim-true's TRUE against bmc's FALSE).
TEST_CASE("registry: a portfolio whose members contradict each other fails its self-check") {
    verifier::EngineRegistry registry = verifier::builtin_engines();
    registry.add(kClaimTrue);
    registry.add(kClaimFalse);
    test::LoweredProgram prog("int main() { int x = __VERIFIER_nondet_int(); if (x == 3) reach_error(); return 0; }\n");
    const verifier::EngineInfo& portfolio = *registry.find("portfolio");
    auto settings_with = [&](std::string members) {
        verifier::EngineSettings s = portfolio.defaults();
        s.set("portfolio", std::move(members));
        s.set("portfolio-jobs", "2");
        s.registry = &registry;
        s.certified = [](const verifier::Verdict&) {
            std::this_thread::sleep_for(std::chrono::milliseconds(500));
            return true;
        };
        return s;
    };
    auto engine = portfolio.make(settings_with("claim-true:certificate=safe-map;bmc"));
    // Both orders of arrival: in one round of the parent's poll (the second verdict was once
    // dropped there unread) and one after the other. Run a few times to meet both.
    for (int round = 0; round < 3; ++round)
        CHECK_THROWS_AS(engine->solve(*prog.blocks, test::test_budget(30)), smt::CheckFailure);
    // Members that agree: the verdict stands (the guard is not a blanket refusal).
    auto agreeing = portfolio.make(settings_with("bmc;impact"));
    const verifier::Verdict v = agreeing->solve(*prog.blocks, test::test_budget(30));
    INFO(v.reason);
    CHECK(v.kind == VerdictKind::False);
}
