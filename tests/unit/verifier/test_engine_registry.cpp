// The engine interface: a test-only engine added to a copy of the registry runs through
// run_verify like a built-in one, and the certification gate judges every engine's verdict
// alike (issue 16: adding an engine touches no existing file but the registry).
#include <doctest/doctest.h>

#include <sstream>

#include "smt/solver.hpp"
#include "temp_program.hpp"
#include "verifier/engines/engine.hpp"
#include "verifier/verify.hpp"

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
    explicit ClaimTrue(const verifier::EngineSettings& s) : kind_(s.get("certificate")) {}
    verifier::Verdict solve(const verifier::Program& p, const base::Budget&) override {
        verifier::Verdict v;
        v.kind = VerdictKind::True;
        v.reason = "claimed";
        v.stats.count("claim-true.calls", 1);
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
                                      }};

// run_verify with the built-in engines plus claim-true.
verifier::VerifyStatus run(const std::string& code, const std::string& certificate, std::string& out) {
    verifier::EngineRegistry registry = verifier::builtin_engines();
    registry.add(kClaimTrue);
    test::TempProgram prog(code);
    verifier::VerifyOptions o;
    o.input = prog.file.string();
    o.engine = "claim-true";
    o.engines = &registry;
    o.engine_options["certificate"] = certificate;
    o.stats = true;
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
