// A verdict as text between a portfolio member's process and the parent (verdict_codec.hpp):
// what an engine returns on a real program comes back equal, and damaged text is refused.
#include <doctest/doctest.h>

#include <memory>

#include "frontend/frontend.hpp"
#include "verifier/engines/engine.hpp"
#include "verifier/engines/verdict_codec.hpp"
#include "verifier/lowering/lowering.hpp"
#include "verifier/program/large_block.hpp"
#include "verifier/program/procedures.hpp"

using namespace craig;
using verifier::VerdictKind;

namespace {

struct Lowered {
    smt::TermManager tm;
    std::unique_ptr<verifier::Program> plain, blocks;
    explicit Lowered(const std::string& code) {
        auto tu = frontend::parse_string(code, "t.c", frontend::DataModel::ILP32);
        plain = std::make_unique<verifier::Program>(verifier::lower(tu, tm));
        blocks = std::make_unique<verifier::Program>(verifier::large_block(*plain));
    }
    verifier::Verdict run(const char* engine) {
        const verifier::EngineInfo* info = verifier::builtin_engines().find(engine);
        return info->make(info->defaults())->solve(*blocks, base::Budget::seconds(30));
    }
};

const char* kFalse =
    "extern void reach_error(void);\nextern int __VERIFIER_nondet_int(void);\n"
    "int main() { int x = __VERIFIER_nondet_int(); int y = __VERIFIER_nondet_int();\n"
    "  if (x > 5 && y == x - 2) reach_error(); return 0; }\n";
const char* kTrue =
    "extern void reach_error(void);\nextern int __VERIFIER_nondet_int(void);\n"
    "int main() { int n = __VERIFIER_nondet_int(), x = 0; if (n < 0) return 0;\n"
    "  while (x < n) x++; if (x != n) reach_error(); return 0; }\n";

}  // namespace

TEST_CASE("verdict codec: a counterexample and statistics come back equal") {
    Lowered l(kFalse);
    const verifier::Verdict v = l.run("bmc");
    REQUIRE(v.kind == VerdictKind::False);
    const auto back = verifier::decode_verdict(*l.blocks, verifier::encode_verdict(*l.blocks, v, "digraph g {}"));
    REQUIRE(back);
    CHECK(back->kind == v.kind);
    CHECK(back->reason == v.reason);
    CHECK(back->cex.plain_path == v.cex.plain_path);
    REQUIRE(back->cex.inputs.size() == v.cex.inputs.size());
    for (std::size_t i = 0; i < v.cex.inputs.size(); ++i) {
        CHECK(back->cex.inputs[i].bits == v.cex.inputs[i].bits);
        CHECK(back->cex.inputs[i].text == v.cex.inputs[i].text);
        CHECK(back->cex.inputs[i].input.value == v.cex.inputs[i].input.value);
    }
    REQUIRE(back->stats.entries().size() == v.stats.entries().size());
    CHECK(back->stats.find("bmc.bound")->count == v.stats.find("bmc.bound")->count);
    std::string arg;
    REQUIRE(verifier::decode_verdict(*l.blocks, verifier::encode_verdict(*l.blocks, v, "digraph g {}"), &arg));
    CHECK(arg == "digraph g {}");
}

TEST_CASE("verdict codec: the iterations through accelerated loops and the unexpanded flag come back") {
    // The parent sizes the replay of a member's counterexample by its iterations and refuses an
    // unexpanded one (certify_false), so both must cross the process boundary.
    Lowered l(kFalse);
    verifier::Verdict v = l.run("bmc");
    REQUIRE(v.kind == VerdictKind::False);
    for (const bool unexpanded : {false, true}) {
        v.cex.accelerated_iterations = unexpanded ? 3'000'000'000ULL : 1'000'000ULL;
        v.cex.unexpanded = unexpanded;
        const auto back = verifier::decode_verdict(*l.blocks, verifier::encode_verdict(*l.blocks, v, ""));
        REQUIRE(back);
        CHECK(back->cex.accelerated_iterations == v.cex.accelerated_iterations);
        CHECK(back->cex.unexpanded == unexpanded);
        CHECK(back->cex.plain_path == v.cex.plain_path);
    }
    // A damaged flag is refused, not read as false.
    std::string text = verifier::encode_verdict(*l.blocks, v, "");
    const auto at = text.find("accel ");
    REQUIRE(at != std::string::npos);
    text.replace(text.find('\n', at) - 1, 1, "7");
    CHECK_FALSE(verifier::decode_verdict(*l.blocks, text));
}

TEST_CASE("verdict codec: an invariant map comes back as the same terms") {
    Lowered l(kTrue);
    const verifier::Verdict v = l.run("impact");
    REQUIRE(v.kind == VerdictKind::True);
    REQUIRE_FALSE(v.certificate.invariants.empty());
    const std::string text = verifier::encode_verdict(*l.blocks, v);
    const auto back = verifier::decode_verdict(*l.blocks, text);
    REQUIRE(back);
    CHECK(back->certificate.invariants == v.certificate.invariants);
    CHECK_FALSE(back->certificate.complete_bound);
    // Damaged text is refused, never half read.
    CHECK_FALSE(verifier::decode_verdict(*l.blocks, text.substr(0, text.size() / 2)));
    CHECK_FALSE(verifier::decode_verdict(*l.blocks, "verdict 7\n"));
}

TEST_CASE("verdict codec: whale's contracts and its counterexample on the calls-kept program come back equal") {
    const char* rec =
        "extern void reach_error(void);\nextern int __VERIFIER_nondet_int(void);\n"
        "int sum(int n) { if (n <= 0) return 0; return n + sum(n - 1); }\n"
        "int main() { int n = __VERIFIER_nondet_int(); if (n < 0 || n > 10) return 0;\n"
        "  if (sum(n) LIMIT) reach_error(); return 0; }\n";
    for (const char* limit : {"< n", "== 15"}) {
        std::string code = rec;
        code.replace(code.find("LIMIT"), 5, limit);
        Lowered l(code);
        auto tu = frontend::parse_string(code, "t.c", frontend::DataModel::ILP32);
        verifier::LoweringOptions lo;
        lo.keep_calls = true;
        verifier::Program calls = verifier::lower(tu, l.tm, lo);
        const verifier::Procedures ps = verifier::build_procedures(calls);
        const verifier::EngineInfo* info = verifier::builtin_engines().find("whale");
        REQUIRE(info->procedural());
        const verifier::Verdict v = info->make_procedural(info->defaults())->solve_procedures(ps, base::Budget::seconds(30));
        REQUIRE(v.kind == (std::string(limit) == "< n" ? VerdictKind::True : VerdictKind::False));
        const auto back =
            verifier::decode_verdict(*l.blocks, verifier::encode_verdict(*l.blocks, v, "", &ps), nullptr, &ps);
        REQUIRE(back);
        CHECK(back->kind == v.kind);
        REQUIRE(back->certificate.contracts.size() == v.certificate.contracts.size());
        for (std::size_t i = 0; i < v.certificate.contracts.size(); ++i) {
            CHECK(back->certificate.contracts[i].guard == v.certificate.contracts[i].guard);
            CHECK(back->certificate.contracts[i].summary == v.certificate.contracts[i].summary);
        }
        CHECK(back->cex.plain_path == v.cex.plain_path);
        REQUIRE(back->cex.inputs.size() == v.cex.inputs.size());
        for (std::size_t i = 0; i < v.cex.inputs.size(); ++i) CHECK(back->cex.inputs[i].bits == v.cex.inputs[i].bits);
        // Without the procedural model the contracts cannot be read.
        CHECK_FALSE(verifier::decode_verdict(*l.blocks, verifier::encode_verdict(*l.blocks, v, "", &ps)));
    }
}
