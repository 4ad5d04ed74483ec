#include "verifier/run/verify.hpp"

#include <algorithm>
#include <chrono>
#include <fstream>
#include <functional>
#include <optional>
#include <ostream>
#include <sstream>
#include <stdexcept>
#include <utility>

#include "base/budget.hpp"
#include "base/interrupt.hpp"
#include "base/statistics.hpp"
#include "frontend/frontend.hpp"
#include "frontend/stdin_file.hpp"
#include "verifier/accelerate/accelerate.hpp"
#include "verifier/certify/certify.hpp"
#include "verifier/encoding/checked_solver.hpp"
#include "verifier/engines/engine.hpp"
#include "verifier/program/large_block.hpp"
#include "verifier/run/callee_summaries.hpp"
#include "verifier/run/certificate_text.hpp"
#include "verifier/run/dumps.hpp"
#include "verifier/run/job.hpp"
#include "verifier/run/judged_run.hpp"
#include "verifier/run/lowered_programs.hpp"
#include "verifier/run/report.hpp"
#include "verifier/run/witness_files.hpp"
#include "verifier/engines/summaries/summary_file.hpp"
#include "verifier/witness/readable_invariants.hpp"

namespace craig::verifier {

namespace {

using Clock = std::chrono::steady_clock;

// Operator refinement rounds per check of the integer stage of --precision refine (verify.hpp):
// measured (docs/results/precision-chain-2026-11-28), 10 rounds send programs whose operators
// the integer stage cannot enumerate to words early and decide as many as 100 rounds.
constexpr unsigned kChainOperatorRounds = 10;

struct Outcome {
    Report report;
    VerifyStatus status = VerifyStatus::Done;
};

// The reachable functions without a definition, each with a warning on `err`.
std::vector<std::string> external_functions(const frontend::TranslationUnit& tu, std::ostream& err) {
    std::vector<std::string> externals;
    for (const auto& f : tu.functions)
        if (f->external && f->reachable) {
            externals.push_back(f->name);
            err << "craig: warning: " << f->loc.str() << ": " << f->name
                << " has no definition: its calls return an arbitrary value and may change every global variable\n";
        }
    return externals;
}

// The program's identity for an engine that keeps results between runs (summaries/summary_file.hpp).
ProgramIdentity identity_of(const VerifyOptions& o, const frontend::TranslationUnit& tu, const Job& job) {
    ProgramIdentity id;
    id.program_hash = program_hash(tu);
    id.function_hashes = function_hashes(tu);
    if (auto old = o.engine_options.find("summaries-revision-of"); old != o.engine_options.end() && !old->second.empty())
        id.revision_of_hash = program_hash(frontend::parse_translation_unit(old->second, job.data_model));
    return id;
}

// What one engine run solves: the plain program its counterexamples are paths of, the
// large-block program it is given (and its TRUE certificate is about), the procedural model.
struct Target {
    const Program* plain = nullptr;
    const Program* blocks = nullptr;
    const Procedures* procedures = nullptr;
    bool words = false;                       // bit-precise: a combining engine runs its word members
    std::optional<unsigned> operator_rounds;  // per check; empty: the engines' default
};

// The engine of the job, made anew for each target, and the gate on its verdicts (JudgedRun:
// what a combining engine had confirmed is not checked twice).
class EngineRuns {
public:
    EngineRuns(const VerifyOptions& o, const EngineInfo& info, const Job& job, const frontend::TranslationUnit& tu,
               const std::vector<std::string>& externals, std::ostream& err)
        : o_(o), info_(info), tu_(tu), externals_(externals), co_(certify_options(o)) {
        if (info.can.identity) identity_.emplace(identity_of(o, tu, job));
        if (o.progress) progress_.emplace(err, o.engine);
    }

    std::pair<Verdict, Certified> solve(const Target& t, const base::Budget& budget) {
        JudgedRun<Certified> judged(
            [&](const Verdict& v) { return certify(v, *t.blocks, tu_, externals_, co_, budget, t.procedures); });
        const MadeEngine made = make(t, judged.callback());
        made.engine->set_procedures(t.procedures);
        if (identity_) made.engine->set_identity(&*identity_);
        if (progress_) made.engine->set_progress(&*progress_);
        Verdict v = made.run(*t.blocks, t.procedures, budget);
        if (!o_.dump_arg.empty()) write_arg(*made.engine);
        Certified c = judged.final(v);
        return {std::move(v), std::move(c)};
    }

private:
    // The settings of the command line (checked by main.cpp against the engine's option table).
    MadeEngine make(const Target& t, std::function<bool(const Verdict&)> certified) const {
        CommonSettings common = common_settings(o_);
        if (t.operator_rounds) common.operator_rounds = *t.operator_rounds;
        common.keep_arg = !o_.dump_arg.empty();
        EngineSettings s = info_.settings(common, o_.engine_options);
        s.certified = std::move(certified);
        s.registry = &registry_of(o_);
        if (t.words && info_.can.combines) s.set("portfolio", word_members(*s.registry, s.get("portfolio")));
        return info_.create(s);
    }

    void write_arg(const Engine& engine) const {
        std::ofstream f(o_.dump_arg);
        if (!f) throw frontend::InputError(o_.dump_arg, "cannot write the ARG file");
        if (!engine.write_arg(f)) f << "digraph arg {\n  label=\"engine " << o_.engine << " builds no ARG\";\n}\n";
        if (!f) throw frontend::InputError(o_.dump_arg, "cannot write the ARG file");
    }

    const VerifyOptions& o_;
    const EngineInfo& info_;
    const frontend::TranslationUnit& tu_;
    const std::vector<std::string>& externals_;
    const CertifyOptions co_;
    std::optional<ProgramIdentity> identity_;
    std::optional<Progress> progress_;
};

// The pipeline: parse -> lower (LoweredPrograms: the integer or bit-precise program, the word
// stage, the procedural model) -> --use-summaries (SummarisedProgram) -> one engine and the gate
// per target (EngineRuns) -> the fallbacks: the inlined program after a summarised one's refuted
// FALSE, the word stage after the integer stage's UNKNOWN -> the verdict, witnesses and
// certificates as text, statistics.
Outcome verify_program(const VerifyOptions& o, const Job& job, const Clock::time_point start, std::ostream& out,
                       std::ostream& err) {
    Outcome result;
    const EngineInfo& info = engine_of(o);
    frontend::TranslationUnit tu = frontend::parse_translation_unit(job.c_file, job.data_model, job.c_name);
    if (!tu.main_function() || !tu.main_function()->body)
        throw frontend::ParseError(frontend::SourceLocation{job.c_name, 0, 0}, "the program has no definition of main");
    const std::vector<std::string> externals = external_functions(tu, err);

    smt::TermManager tm;
    const base::Budget budget = budget_of(o, start);
    LoweredPrograms lowered(o, tu, tm, info, job.c_name);
    // Acceleration (accelerate/accelerate.hpp) of the integer program's loops, for the engines
    // that solve the large-block program (not the procedural model, not words).
    base::Statistics accelerate_stats;
    std::optional<Accelerated> accelerated;
    if (o.accelerate && !lowered.words() && !info.procedural())
        accelerated = accelerate(lowered.blocks(), checked_solver_options(certify_options(o), budget), accelerate_stats);
    const Program& first_blocks = accelerated ? accelerated->program : lowered.blocks();
    if (!o.dump_cfg.empty()) write_cfg(o, lowered.plain(), first_blocks);
    if (!o.dump_procedures.empty()) write_procedures(o, tu);
    if (!o.emit_chc.empty() && lowered.words())
        err << "craig: warning: --emit-chc: no file: the bit-precise program is not linear arithmetic\n";
    else if (!o.emit_chc.empty())
        emit_chc(o, job, lowered.blocks(), !externals.empty(), err);
    std::optional<SummarisedProgram> summarised;
    if (o.use_summaries) summarised.emplace(tu, tm, o.lowering, certify_options(o), budget, o.timeout);
    const bool on_summaries = summarised && summarised->available();

    const auto t_engine = Clock::now();
    Target target{on_summaries ? &summarised->plain() : &lowered.plain(),
                  on_summaries ? &summarised->blocks() : &first_blocks, lowered.procedures(), lowered.words(),
                  lowered.has_word_stage() ? std::optional(kChainOperatorRounds) : std::nullopt};
    // The integer stage of "refine" gets half the time when the word stage may follow.
    const base::Budget stage =
        lowered.has_word_stage() && o.timeout > 0 ? budget.slice(budget.remaining() / 2) : budget;
    EngineRuns runs(o, info, job, tu, externals, err);
    // An accelerated program first, in half of the stage's time (all of it without a limit), then
    // the original in the rest: a closure with its iteration count is harder for some engines than
    // the loop it replaces (an interpolant across it, the gate on value's disjunctions), and
    // acceleration pays only on the loops it was made for (docs/results/accel-loops-2026-12-06).
    // A program with under-approximations only (accelerate.hpp) is the original plus shortcuts that
    // find deep bugs in a few steps or not at all: an eighth of the time.
    const bool accelerated_first = accelerated && target.blocks == &accelerated->program;
    const double first_share = accelerated_first && accelerated->replaces_loops() ? 0.5 : 0.125;
    auto [v, c] = runs.solve(target, accelerated_first && o.timeout > 0 ? stage.slice(stage.remaining() * first_share)
                                                                         : stage);
    if (accelerated_first && c.kind == VerdictKind::Unknown && !stage.exhausted()) {
        accelerate_stats.count("accelerate.fallback", 1);
        target.blocks = &lowered.blocks();
        std::tie(v, c) = runs.solve(target, stage);
    }
    if (on_summaries && v.kind == VerdictKind::False && c.kind == VerdictKind::Unknown && !stage.exhausted()) {
        // The path went through a summary that admits what the function never does: solve the
        // inlined program in the time left.
        summarised->stats().count("summaries.fallback", 1);
        target.plain = &lowered.plain();
        target.blocks = &first_blocks;
        std::tie(v, c) = runs.solve(target, stage);
    }
    if (accelerated && target.blocks == &accelerated->program && accelerated->replaces_loops() &&
        c.kind == VerdictKind::True &&
        (!o.witness.empty() || o.invariants) && !budget.exhausted()) {
        // The proof on the accelerated program has no loop invariants at the accelerated heads;
        // for the witness, the original program is solved again in a slice of the time left (at
        // most half of it, 10 s without a limit), and its TRUE replaces the first where it comes.
        Target original = target;
        original.blocks = &lowered.blocks();
        auto [v2, c2] = runs.solve(original, budget.slice(std::min(10.0, budget.remaining() / 2)));
        accelerate_stats.count("accelerate.witness-rerun", 1);
        if (c2.kind == VerdictKind::True) {
            v = std::move(v2);
            c = std::move(c2);
            target = original;
            accelerate_stats.count("accelerate.witness-rerun-true", 1);
        }
    }
    base::Statistics precision_stats;
    if (o.precision == "refine") precision_stats.count("precision.operator-sites", lowered.operator_sites());
    if (lowered.operator_sites() > 0) precision_stats.seconds("precision.time.words", lowered.word_seconds());
    if (!lowered.words_refused().empty() && c.kind == VerdictKind::Unknown) {
        err << "craig: warning: --precision refine: words refused (" << lowered.words_refused()
            << "); the integer program's answer stands\n";
        precision_stats.count("precision.fallback-lia", 1);
    }
    std::optional<Program> word_blocks;  // outlives the stage: target.blocks points into it
    if (lowered.has_word_stage() && c.kind == VerdictKind::Unknown && !budget.exhausted()) {
        // The word stage: Alg. 9 (encoding/theory_refinement.hpp) from every operator
        // uninterpreted; the sites a refuted path falsifies become exact and the more precise
        // program is solved again, in the time left.
        precision_stats.count("precision.escalated", 1);
        const RefinementHeuristic h = *RefinementHeuristic::parse(o.precision_heuristic);
        std::size_t sites = 0;
        for (const auto& on_edge : lowered.word_stage().sites) sites += on_edge.size();
        precision_stats.count("precision.sites", sites);
        auto solve_words = [&]() {
            word_blocks.emplace(large_block(lowered.word_stage().program));
            // No procedural engine takes words.
            target = Target{&lowered.word_stage().program, &*word_blocks, nullptr, true, std::nullopt};
            std::tie(v, c) = runs.solve(target, budget);
        };
        solve_words();
        while (v.kind == VerdictKind::False && c.kind == VerdictKind::Unknown && !budget.exhausted() &&
               lowered.refine_words(v.cex, h, budget, precision_stats))
            solve_words();
    }
    const double engine_time = base::seconds_since(t_engine);
    Report& r = result.report;
    r.kind = c.kind;
    r.reason = c.reason;
    r.externals = externals;
    if (r.kind == VerdictKind::False && c.replay) {
        r.assumed_externals = externals_on_path(*c.replay);
        if (!r.assumed_externals.empty()) {
            r.reason += "; the path assumes results of functions without a definition:";
            for (const std::string& f : r.assumed_externals) r.reason += " " + f;
        }
        r.assumed_layout = c.replay->used_addresses;
        if (r.assumed_layout) r.reason += std::string("; ") + kLayoutNote;
    }
    if (r.kind == VerdictKind::Unknown && base::interrupted()) {
        r.reason = stop_reason("interrupted", r.reason);
        result.status = VerifyStatus::ResourceLimit;
    } else if (r.kind == VerdictKind::Unknown && budget.timed_out()) {
        r.reason = stop_reason("timeout after " + format_seconds(o.timeout), r.reason);
        result.status = VerifyStatus::ResourceLimit;
    }

    const double seconds = base::seconds_since(start);
    base::note_answer_started();
    print_verdict_line(out, r);
    print_expected_verdict(out, r.kind, job.expected_verdict);
    out.flush();  // the verdict is out even if writing a witness then blocks or fails
    if (r.kind == VerdictKind::False) {
        print_counterexample(out, v.cex, *c.replay);
        if (!o.witness.empty()) write_violation(out, o, job, *c.replay);
    }
    // At the heads of accelerated loops the invariants are the states before and after the loop.
    const bool on_accelerated = accelerated && target.blocks == &accelerated->program;
    const std::vector<smt::Term> printed = on_accelerated
                                               ? accelerated->printable_invariants(v.certificate.location_invariants())
                                               : v.certificate.location_invariants();
    std::optional<ReadableInvariants> readable;
    if (r.kind == VerdictKind::True && (!o.witness.empty() || o.invariants))
        readable.emplace(tu, *target.plain, *target.blocks, printed);
    if (r.kind == VerdictKind::True && !o.witness.empty())
        write_correctness(out, o, job, tu, *target.plain, *target.blocks, v, target.procedures, *readable);
    if (r.kind == VerdictKind::True && o.invariants) {
        if (target.procedures && !v.certificate.contracts.empty())
            print_contracts(out, tu, *target.procedures, v.certificate.contracts);
        else {
            print_invariants(out, *target.blocks, printed, *readable);
            if (const auto& ki = v.certificate.kinduction)
                out << "  (k-induction, k = " << ki->k << (ki->simple_path ? ", simple paths" : "")
                    << ": the invariants above are auxiliary; safety follows from the " << ki->k
                    << "-step induction)\n";
        }
        if (on_summaries && target.blocks == &summarised->blocks()) print_summaries(out, tm, summarised->summaries());
    }
    base::Statistics stats;
    stats.count("program.locations.plain", target.plain->locs.size());
    stats.count("program.locations.blocks", target.blocks->locs.size());
    stats.count("program.edges.plain", target.plain->edges.size());
    stats.count("program.edges.blocks", target.blocks->edges.size());
    stats.count("program.variables", target.plain->vars.size());
    if (summarised) stats.merge(summarised->stats());
    if (o.accelerate && !lowered.words() && !info.procedural()) stats.merge(accelerate_stats);
    stats.merge(precision_stats);
    stats.merge(v.stats);
    stats.merge(c.stats);
    stats.seconds("time.lowering", lowered.seconds());
    stats.seconds("time.engine", engine_time);
    stats.seconds("time.total", seconds);
    if (o.stats || base::interrupted()) {  // an interrupted run shows where it was
        out << "Statistics:\n";
        out << "  engine: " << o.engine << "\n";
        stats.print(out);
        for (const std::string& a :
             (info.procedural() && lowered.calls_plain() ? *lowered.calls_plain() : *target.plain).approximations)
            out << "  approximation: " << a << "\n";
        if (summarised && !summarised->none_because().empty())
            out << "  summaries: none (" << summarised->none_because() << ")\n";
        if (!externals.empty()) {
            out << "  external functions (arbitrary result and globals):";
            for (const std::string& name : externals) out << " " << name;
            out << "\n";
        }
    }
    if (o.json) print_json(out, o.engine, r, seconds, nullptr, &stats);
    out.flush();
    return result;
}

}  // namespace

VerifyStatus run_verify(const VerifyOptions& o, std::ostream& out, std::ostream& err) {
    const auto start = Clock::now();
    // Verdict lines for runs that end before an engine ran (unsupported input or property).
    auto unknown = [&](const std::string& reason, const std::string& unsupported, VerifyStatus status) {
        Report r;
        r.reason = reason;
        r.unsupported = unsupported;
        base::note_answer_started();
        print_verdict_line(out, r);
        if (o.json) print_json(out, o.engine, r, base::seconds_since(start));
        out.flush();
        return status;
    };
    // Input errors: the message on `err`; with --json the machine line too, as ERROR.
    auto error = [&](const std::string& message, VerifyStatus status) {
        out.flush();
        err << "craig: error: " << message << "\n";
        if (o.json) {
            Report r;
            r.reason = message;
            print_json(out, o.engine, r, base::seconds_since(start), "ERROR");
            out.flush();
        }
        return status;
    };
    if (o.use_summaries) {
        const EngineInfo* info = registry_of(o).find(o.engine);
        if (info && (info->procedural() || info->can.combines))
            return error("--use-summaries needs an engine that inlines calls (engine " + o.engine +
                             (info->procedural() ? " solves procedures itself)" : " runs interprocedural members)"),
                         VerifyStatus::Usage);
    }
    try {
        // A program on standard input is copied to a file first; from there on it takes the same
        // path as a named file, every guard included (the stdin branch once skipped the property check).
        std::optional<frontend::StdinFile> from_stdin;
        VerifyOptions run = o;
        if (o.input == "-") {
            from_stdin.emplace();
            run.input = from_stdin->path();
        }
        Job job = resolve_job(run);
        if (from_stdin) job.c_name = "<stdin>";
        if (witness_is_input(run, job))
            return error("--witness " + o.witness + " names an input file", VerifyStatus::Usage);
        remove_stale_witness(run, job);
        if (!job.property_supported)
            return unknown("unsupported property " + job.property_file, "", VerifyStatus::Unsupported);
        return verify_program(run, job, start, out, err).status;
    } catch (const frontend::Unsupported& e) {
        const std::string where = e.location().str() + ": " + e.construct();
        return unknown("unsupported: " + where, where, VerifyStatus::Unsupported);
    } catch (const frontend::InputError& e) {
        return error(e.what(), VerifyStatus::IoError);
    } catch (const frontend::ParseError& e) {
        return error(e.what(), VerifyStatus::InputError);
    }
}

std::string timeout_report(const VerifyOptions& o, double seconds) {
    return limit_report(o, "timeout after " + format_seconds(o.timeout), seconds);
}

std::string interrupt_report(const VerifyOptions& o) { return limit_report(o, "interrupted", 0); }

std::string memory_report(const VerifyOptions& o) { return limit_report(o, "memory limit", 0); }

std::string limit_report(const VerifyOptions& o, const std::string& reason, double seconds) {
    std::ostringstream out;
    Report r;
    r.reason = reason;
    print_verdict_line(out, r);
    if (o.json) print_json(out, o.engine, r, seconds);
    return out.str();
}

}  // namespace craig::verifier
