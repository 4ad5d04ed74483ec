// The pieces of craig verify's pipeline (src/verifier/run/), each alone: the run options, the
// job, the lowered programs of --precision, and the judged run that keeps confirmed verdicts.
#include <doctest/doctest.h>

#include <chrono>
#include <fstream>
#include <string>

#include "frontend/errors.hpp"
#include "frontend/frontend.hpp"
#include "verifier/certify/certify.hpp"
#include "verifier/engines/engine.hpp"
#include "verifier/run/job.hpp"
#include "verifier/run/judged_run.hpp"
#include "verifier/run/lowered_programs.hpp"
#include "verifier/run/run_options.hpp"
#include "lowered_program.hpp"
#include "temp_program.hpp"

using namespace craig;

namespace {

struct Judgement {
    verifier::VerdictKind kind = verifier::VerdictKind::Unknown;
    base::Statistics stats;
};

verifier::Verdict false_verdict(std::vector<verifier::EdgeId> path, std::uint64_t input) {
    verifier::Verdict v;
    v.kind = verifier::VerdictKind::False;
    v.cex.plain_path = std::move(path);
    verifier::InputValue in;
    in.bits = input;
    v.cex.inputs.push_back(in);
    return v;
}

const char* kMultiply =
    "int main() { int x = __VERIFIER_nondet_int(); int y = __VERIFIER_nondet_int();\n"
    "  __VERIFIER_assume(x > 0 && x < 10 && y > 0 && y < 10); __VERIFIER_assert(x * y < 100); return 0; }\n";
const char* kLinear =
    "int main() { int x = __VERIFIER_nondet_int(); __VERIFIER_assume(x > 0 && x < 10);\n"
    "  __VERIFIER_assert(x + 1 < 11); return 0; }\n";

frontend::TranslationUnit parse(const std::string& code) {
    return frontend::parse_string(std::string(test::kSvPrelude) + code, "t.c", frontend::DataModel::ILP32);
}

}  // namespace

TEST_CASE("run options: the budget, the engines' common settings and the gate's options come from one place") {
    verifier::RunOptions o;
    o.timeout = 2;
    o.bound = 7;
    o.check_models = false;
    o.memory_mb = 64;
    o.producer = "craig test";
    o.sat_integration = smt::SatIntegration::Offline;
    const auto start = base::Budget::Clock::now();
    const base::Budget b = verifier::budget_of(o, start);
    REQUIRE(b.deadline());
    CHECK(std::chrono::duration<double>(*b.deadline() - start).count() == doctest::Approx(2.0));
    CHECK(b.memory_mb() == 64);
    o.timeout = 0;
    CHECK_FALSE(verifier::budget_of(o, start).deadline());
    const verifier::CommonSettings c = verifier::common_settings(o);
    CHECK(c.bound == 7);
    CHECK_FALSE(c.check_models);
    CHECK(c.check_certificates);
    CHECK(c.sat_integration == smt::SatIntegration::Offline);
    CHECK(c.producer == "craig test");
    CHECK_FALSE(verifier::certify_options(o).check_models);
    CHECK(&verifier::engine_of(o) == verifier::builtin_engines().find("portfolio"));
    o.engine = "no-such-engine";
    CHECK_THROWS_AS(verifier::engine_of(o), std::invalid_argument);
}

TEST_CASE("job: a task file gives the C file, the data model and the property; a witness never names an input") {
    test::TempProgram prog("int main() { return 0; }\n");
    const auto dir = prog.dir;
    std::ofstream(dir / "unreach.prp") << "CHECK( init(main()), LTL(G ! call(reach_error())) )\n";
    std::ofstream(dir / "overflow.prp") << "CHECK( init(main()), LTL(G ! overflow) )\n";
    std::ofstream(dir / "task.yml") << "format_version: '2.0'\ninput_files: 'prog.c'\nproperties:\n"
                                       "  - property_file: unreach.prp\n    expected_verdict: true\n"
                                       "options:\n  language: C\n  data_model: LP64\n";
    std::ofstream(dir / "other.yml") << "format_version: '2.0'\ninput_files: 'prog.c'\nproperties:\n"
                                        "  - property_file: overflow.prp\n    expected_verdict: true\n"
                                        "options:\n  language: C\n  data_model: ILP32\n";
    verifier::VerifyOptions o;
    o.input = (dir / "task.yml").string();
    verifier::Job job = verifier::resolve_job(o);
    CHECK(std::filesystem::equivalent(job.c_file, prog.file));
    CHECK(job.data_model == frontend::DataModel::LP64);
    CHECK(job.property_supported);
    o.data_model = frontend::DataModel::ILP32;  // --data-model overrides the task
    CHECK(verifier::resolve_job(o).data_model == frontend::DataModel::ILP32);

    o.input = (dir / "other.yml").string();
    CHECK_FALSE(verifier::resolve_job(o).property_supported);

    o.input = prog.file.string();  // a C file: unreach-call
    job = verifier::resolve_job(o);
    CHECK(job.c_file == prog.file.string());
    CHECK(job.property_supported);
    o.witness = prog.file.string();
    CHECK(verifier::witness_is_input(o, job));
    o.witness = (dir / "witness.graphml").string();
    CHECK_FALSE(verifier::witness_is_input(o, job));
    std::ofstream(o.witness) << "stale";
    verifier::remove_stale_witness(o, job);
    CHECK_FALSE(std::filesystem::exists(o.witness));

    o.input = dir.string();
    CHECK_THROWS_AS(verifier::resolve_job(o), frontend::InputError);
}

TEST_CASE("lowered programs: the word stage of --precision refine exists where operators meet variables") {
    const verifier::EngineRegistry& engines = verifier::builtin_engines();
    verifier::VerifyOptions o;
    {
        const frontend::TranslationUnit tu = parse(kMultiply);
        smt::TermManager tm;
        const verifier::LoweredPrograms lowered(o, tu, tm, *engines.find("impact"), "t.c");
        CHECK_FALSE(lowered.words());
        CHECK(lowered.operator_sites() > 0);
        REQUIRE(lowered.has_word_stage());
        CHECK(lowered.word_stage().width > 0);
        CHECK(lowered.words_refused().empty());
        CHECK(lowered.blocks().edges.size() <= lowered.plain().edges.size());
        CHECK_FALSE(lowered.procedures());  // impact inlines
    }
    {
        // The integer program is exact without such operators: no word stage.
        const frontend::TranslationUnit tu = parse(kLinear);
        smt::TermManager tm;
        const verifier::LoweredPrograms lowered(o, tu, tm, *engines.find("impact"), "t.c");
        CHECK(lowered.operator_sites() == 0);
        CHECK_FALSE(lowered.has_word_stage());
        CHECK(lowered.words_refused().empty());
    }
    {
        // An engine without words: the integer program only, and the reason.
        const frontend::TranslationUnit tu = parse(kMultiply);
        smt::TermManager tm;
        const verifier::LoweredPrograms lowered(o, tu, tm, *engines.find("value"), "t.c");
        CHECK_FALSE(lowered.has_word_stage());
        CHECK(lowered.words_refused().find("engine value") != std::string::npos);
    }
    {
        // "bv" solves words from the start, and refuses an engine without them.
        o.precision = "bv";
        const frontend::TranslationUnit tu = parse(kMultiply);
        smt::TermManager tm;
        const verifier::LoweredPrograms lowered(o, tu, tm, *engines.find("bmc"), "t.c");
        CHECK(lowered.words());
        CHECK_FALSE(lowered.has_word_stage());
        CHECK_THROWS_AS(verifier::LoweredPrograms(o, tu, tm, *engines.find("value"), "t.c"), frontend::Unsupported);
    }
    {
        // Procedural and combining engines get the procedural model.
        o.precision = "lia";
        const frontend::TranslationUnit tu = parse(kLinear);
        smt::TermManager tm;
        const verifier::LoweredPrograms whale(o, tu, tm, *engines.find("whale"), "t.c");
        CHECK(whale.procedures());
        CHECK(whale.calls_plain());
        const verifier::LoweredPrograms portfolio(o, tu, tm, *engines.find("portfolio"), "t.c");
        CHECK(portfolio.procedures());
    }
}

TEST_CASE("lowered programs: the members of a portfolio list that take words") {
    const verifier::EngineRegistry& engines = verifier::builtin_engines();
    CHECK(verifier::word_members(engines, "impact@5;value:value-threshold=2;bmc") == "impact@5;bmc");
    CHECK(verifier::word_members(engines, "value;vinta-box").empty());
}

TEST_CASE("judged run: a confirmed verdict is judged once, other evidence again") {
    int judged = 0;
    verifier::JudgedRun<Judgement> run([&](const verifier::Verdict& v) {
        ++judged;
        Judgement j;
        j.kind = v.cex.inputs.front().bits == 1 ? v.kind : verifier::VerdictKind::Unknown;  // input 1 replays
        return j;
    });
    const auto certified = run.callback();
    CHECK(certified(false_verdict({1, 2}, 1)));
    CHECK_FALSE(certified(false_verdict({1, 2}, 2)));  // refuted: not kept
    CHECK(judged == 2);
    // The engine returns the confirmed verdict: its judgement is handed over, not made again.
    Judgement j = run.final(false_verdict({1, 2}, 1));
    CHECK(judged == 2);
    CHECK(j.kind == verifier::VerdictKind::False);
    REQUIRE(j.stats.find("certify.reused"));
    CHECK(j.stats.find("certify.reused")->count == 1);
    // Other evidence (another path, another input, a TRUE) is judged.
    CHECK(certified(false_verdict({1, 2}, 1)));
    j = run.final(false_verdict({1, 3}, 1));
    CHECK(judged == 4);
    CHECK_FALSE(j.stats.find("certify.reused"));
    run.forget();
    run.final(false_verdict({1, 2}, 1));
    CHECK(judged == 5);
}

TEST_CASE("judged run: evidence includes every part of a certificate") {
    smt::TermManager tm;
    const smt::Term a = tm.mk_const(tm.declare_fun("a", {}, smt::Sort{smt::SortTable::Bool})),
                    b = tm.mk_const(tm.declare_fun("b", {}, smt::Sort{smt::SortTable::Bool}));
    verifier::Verdict x;
    x.kind = verifier::VerdictKind::True;
    x.certificate.contracts.push_back(verifier::Contract{a, a});
    verifier::Verdict y = x;
    CHECK(verifier::same_evidence(x, y));
    y.reason = "another reason";
    y.stats.count("whatever", 1);
    CHECK(verifier::same_evidence(x, y));  // reason and statistics are no evidence
    y.certificate.contracts.front().summary = b;
    CHECK_FALSE(verifier::same_evidence(x, y));
    y = x;
    y.certificate.complete_bound = 3;
    CHECK_FALSE(verifier::same_evidence(x, y));
    y = x;
    y.certificate.invariants.push_back(b);
    CHECK_FALSE(verifier::same_evidence(x, y));
    y = x;
    y.certificate.unwound.emplace();
    CHECK_FALSE(verifier::same_evidence(x, y));
    verifier::Verdict z = y;
    CHECK(verifier::same_evidence(y, z));
    z.certificate.unwound->refuted.push_back(1);
    CHECK_FALSE(verifier::same_evidence(y, z));
}
