// craig command line: `craig solve FILE.smt2` (SMT-LIB 2.6 scripts),
// `craig verify FILE.c|TASK.yml` (software verification) and `craig chc FILE.smt2` (Horn clauses).
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <map>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <cstdio>
#include <cstring>
#include <memory>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <new>
#include <optional>

#include "base/gmp_memory.hpp"
#include "base/interrupt.hpp"
#include "base/large_stack.hpp"
#include "base/memory_limit.hpp"
#include "base/out_of_memory.hpp"
#include "base/watchdog.hpp"
#include "chc/run_chc.hpp"
#include "cli/bench_command.hpp"
#include "cli/exit_codes.hpp"
#include "cli/option_reference.hpp"
#include "cli/run_option_binding.hpp"
#include "craig_commit.hpp"
#include "itp/options.hpp"
#include "smtlib/interpreter.hpp"
#include "smtlib/options.hpp"
#include "smt/solver.hpp"
#include "verifier/engines/engine.hpp"
#include "verifier/testgen/testgen.hpp"
#include "verifier/run/verify.hpp"

namespace {

using namespace craig;

// craig solve and itp: the limits, the checks and the interpreter's options, bound to the command
// line by the run layer's table (deadline and self-checks are copied into `script` at the start).
struct ScriptCommandOptions {
    double timeout = 0;      // seconds, 0 = none
    uint64_t memory_mb = 0;  // 0 = none
    bool check_models = true;
    bool check_certificates = true;
    smtlib::ScriptOptions script;
};

// The limits and self-checks of every command, from the run layer's table.
template <class Options>
void bind_limits(cli::RunOptionBinder& b, Options& o) {
    b.bind("timeout", o.timeout);
    b.bind("memory", o.memory_mb);
}
template <class Options>
void bind_checks(cli::RunOptionBinder& b, Options& o) {
    b.bind("check-models", o.check_models);
    b.bind("check-certificates", o.check_certificates);
}

// CLI11 prints a negatable flag as "--x,--no-x{false}"; the description says the default.
class HelpFormatter : public CLI::Formatter {
public:
    std::string make_option_name(const CLI::Option* opt, bool positional) const override {
        std::string name = CLI::Formatter::make_option_name(opt, positional);
        for (const char* tag : {"{false}", "{true}"})
            for (std::size_t at; (at = name.find(tag)) != std::string::npos;) name.erase(at, std::strlen(tag));
        return name;
    }
};

// --sat-integration for the engines' queries (verify, chc), from the SMT-LIB option table's row,
// so that its help and its check are the ones craig solve and set-option use.
void add_sat_integration(CLI::App& app, smt::SatIntegration& field) {
    const smtlib::OptionSpec& spec = *smtlib::find_option("sat-integration");
    app.add_option_function<std::string>(
           "--sat-integration", [&field](const std::string& v) { field = *smt::parse_sat_integration(v); },
           std::string(spec.help) + " (the engines' queries; the certification gate keeps offline)")
        ->check(CLI::Validator([&spec](std::string& v) { return smtlib::check_value(spec, v); }, "VALUE"))
        ->default_str(std::string(spec.default_value));
}

// The options of the SMT-LIB option table that have a command-line name (smtlib/options.hpp:
// solver tuning, seed, interpolation systems, interpolant checks), for craig solve and itp.
// Values are checked by the table's check_value, as set-option checks them, and handed to the
// interpreter as ScriptOptions::initial. The holders are node-based maps: stable references.
struct TableOptions {
    std::map<std::string, std::string> text;
    std::map<std::string, bool> flag;
};

void add_table_options(CLI::App& app, TableOptions& t) {
    for (const smtlib::OptionSpec& spec : smtlib::option_table()) {
        if (spec.cli.empty()) continue;
        const std::string name(spec.cli), key(spec.name);
        const std::string help = std::string(spec.help) + " (set-option :" + key + ")";
        if (spec.type == smtlib::OptionType::Bool) {
            t.flag[key] = spec.default_value == "true";
            const bool on = spec.default_value == "true";
            app.add_flag("--" + name + ",!--no-" + name, t.flag[key], help + (on ? " (default on)" : " (default off)"));
            continue;
        }
        std::string shown(spec.default_value);
        if (spec.type == smtlib::OptionType::String) shown = shown.substr(1, shown.size() - 2);
        t.text[key] = shown;
        app.add_option("--" + name, t.text[key], help)
            ->check(CLI::Validator([&spec](std::string& v) { return smtlib::check_value(spec, v); }, "VALUE"))
            ->capture_default_str();
    }
}

// The given table options as (name, canonical value).
void collect_table_options(const CLI::App& app, TableOptions& t, ScriptCommandOptions& o) {
    for (const smtlib::OptionSpec& spec : smtlib::option_table()) {
        if (spec.cli.empty() || app.count("--" + std::string(spec.cli)) == 0) continue;
        const std::string key(spec.name);
        const std::string value =
            spec.type == smtlib::OptionType::Bool ? (t.flag[key] ? "true" : "false") : t.text[key];
        std::string canonical;
        smtlib::check_value(spec, value, &canonical);  // checked by the validator already
        o.script.initial.emplace_back(key, canonical);
    }
}

// What the run prints at each limit and the limits themselves (watchdog.hpp, memory_limit.hpp).
struct Limits {
    double timeout = 0;
    uint64_t memory_mb = 0;
    base::WatchdogWords watch;
    std::string memory;  // on stdout when the memory limit is reached
};

// Every option of every engine's table on a subcommand, once (engines may share one, e.g.
// --itp-bool); values are kept as text and checked by the table's own check. The holders are
// node-based maps: stable references for CLI11.
struct EngineOptions {
    std::map<std::string, std::string> text;
    std::map<std::string, bool> flag;
    std::map<std::string, std::vector<std::string>> declared_by;  // option -> engines

    // `defaults` overrides an option's default for this command (craig chc's portfolio).
    void add(CLI::App& app, const verifier::EngineRegistry& registry,
             const std::map<std::string, std::string>& defaults = {}) {
        for (const verifier::EngineInfo& e : registry.all())
            for (const verifier::EngineOption& opt : e.options) {
                const std::string name(opt.name);
                declared_by[name].emplace_back(e.name);
                if (declared_by[name].size() > 1) continue;
                const std::string help = std::string(e.name) + ": " + std::string(opt.help);
                if (opt.kind == verifier::OptionKind::Flag) {
                    flag[name] = opt.default_value == "true";
                    app.add_flag("--" + name + ",!--no-" + name, flag[name],
                                 help + " (default " + (opt.default_value == "true" ? "on" : "off") + ")");
                    continue;
                }
                auto given = defaults.find(name);
                text[name] = given != defaults.end() ? given->second : std::string(opt.default_value);
                const verifier::EngineOption* row = &opt;
                app.add_option("--" + name, text[name], help)
                    ->capture_default_str()
                    ->check(CLI::Validator([row](std::string& v) { return base::check_option_value(*row, v); },
                                           "VALUE"));
            }
    }

    // The given options into `out`; an option of another engine than `engine` is refused (false,
    // message on stderr), so that an accepted option has an effect.
    bool collect(const CLI::App& app, const std::string& engine, std::map<std::string, std::string>& out) {
        for (const auto& [name, engines_with] : declared_by) {
            if (app.count("--" + name) == 0) continue;
            if (std::find(engines_with.begin(), engines_with.end(), engine) == engines_with.end()) {
                std::cerr << "craig: error: --" << name << " needs --engine " << engines_with.front();
                for (std::size_t k = 1; k < engines_with.size(); ++k) std::cerr << " or " << engines_with[k];
                std::cerr << "\n";
                return false;
            }
            out[name] = flag.count(name) ? (flag[name] ? "true" : "false") : text[name];
        }
        return true;
    }
};

// The exit code of a verification run (cli/exit_codes.hpp).
int exit_code(verifier::VerifyStatus s) {
    using S = verifier::VerifyStatus;
    switch (s) {
        case S::Done: return cli::kOk;
        case S::Usage: return cli::kUsage;
        case S::InputError: return cli::kInputError;
        case S::Unsupported: return cli::kUnsupported;
        case S::ResourceLimit: return cli::kResourceLimit;
        case S::IoError: return cli::kIoError;
    }
    return cli::kInternalError;
}

int exit_code(verifier::TestgenStatus s) {
    using S = verifier::TestgenStatus;
    switch (s) {
        case S::Done: return cli::kOk;
        case S::InputError: return cli::kInputError;
        case S::Unsupported: return cli::kUnsupported;
        case S::ResourceLimit: return cli::kResourceLimit;
        case S::IoError: return cli::kIoError;
    }
    return cli::kInternalError;
}

frontend::DataModel parse_data_model(const std::string& s) {
    return s == "LP64" ? frontend::DataModel::LP64 : frontend::DataModel::ILP32;
}

int run_solve(const std::string& file, const ScriptCommandOptions& o) {
    smtlib::ScriptOptions so = o.script;
    so.check_models = o.check_models;
    so.check_certificates = o.check_certificates;
    if (o.timeout > 0)
        so.deadline =
            std::chrono::steady_clock::now() +
            std::chrono::duration_cast<std::chrono::steady_clock::duration>(std::chrono::duration<double>(o.timeout));
    if (file.empty() || file == "-") return smtlib::run_script(std::cin, "<stdin>", std::cout, so);
    std::error_code ec;
    if (std::filesystem::is_directory(file, ec)) {
        std::cerr << "craig: error: " << file << ": is a directory, not an SMT-LIB script\n";
        return cli::kIoError;
    }
    std::ifstream in(file);
    if (!in) {
        std::cerr << "craig: cannot open '" << file << "'\n";
        return cli::kIoError;
    }
    return smtlib::run_script(in, file, std::cout, so);
}

}  // namespace

int main(int argc, char** argv) {
    std::ios::sync_with_stdio(false);
    CLI::App app{"craig: an SMT solver with proof-based interpolation, and a software verifier"};
    app.set_version_flag("--version", std::string("craig ") + CRAIG_VERSION + " (commit " + CRAIG_COMMIT + ")");
    app.require_subcommand(1);
    app.formatter(std::make_shared<HelpFormatter>());
    using verifier::Command;
    ScriptCommandOptions common;
    std::string file;
    CLI::App* solve = app.add_subcommand("solve", "Run an SMT-LIB 2.6 script (FILE or - for stdin)");
    solve->add_option("file", file, "SMT-LIB 2.6 script");
    cli::RunOptionBinder solve_rows(*solve, Command::Solve);
    solve_rows.bind("check-proofs", common.script.check_proofs);
    solve_rows.bind("stats", common.script.stats);
    solve_rows.bind("proof-stats", common.script.proof_stats);
    solve_rows.bind("reduce-proofs", common.script.reduce_proofs);
    bind_limits(solve_rows, common);
    bind_checks(solve_rows, common);
    TableOptions solve_table, itp_table;
    add_table_options(*solve, solve_table);
    solve_rows.bind("simplify", common.script.simplify_level);
    solve_rows.bind("itp-stats", common.script.itp_stats);
    solve_rows.finish();
    CLI::App* itp_cmd =
        app.add_subcommand("itp",
                           "Study interpolants: run an SMT-LIB script; with --all-systems every get-interpolants "
                           "shows the interpolants of every system, their sizes and which implies which");
    itp_cmd->add_option("file", file, "SMT-LIB 2.6 script with get-interpolants");
    cli::RunOptionBinder itp_rows(*itp_cmd, Command::Itp);
    itp_rows.bind("all-systems", common.script.all_systems);
    itp_rows.bind("reduce-proofs", common.script.reduce_proofs);
    bind_limits(itp_rows, common);
    bind_checks(itp_rows, common);
    add_table_options(*itp_cmd, itp_table);
    itp_rows.bind("simplify", common.script.simplify_level);
    itp_rows.bind("itp-stats", common.script.itp_stats);
    itp_rows.finish();

    verifier::VerifyOptions vo;
    std::string data_model, witness_format;
    bool list_engines = false;
    CLI::App* verify =
        app.add_subcommand("verify", "Verify the unreach-call property of a C program (.c, .i) or SV-COMP task (.yml)");
    verify->add_option("file", vo.input, "C file or SV-COMP task file (- for stdin)");
    cli::RunOptionBinder verify_rows(*verify, Command::Verify);
    bind_limits(verify_rows, vo);
    bind_checks(verify_rows, vo);
    add_sat_integration(*verify, vo.sat_integration);
    const verifier::EngineRegistry& registry = verifier::builtin_engines();
    verify_rows.bind("engine", vo.engine);
    verify_rows.bind("list-engines", list_engines);
    verify_rows.bind("bound", vo.bound);
    verify_rows.bind("property", vo.property_file);
    verify_rows.bind("data-model", data_model);
    verify_rows.bind("witness", vo.witness);
    verify_rows.bind("witness-format", witness_format);
    verify_rows.bind("dump-cfg", vo.dump_cfg);
    verify_rows.bind("dump-procedures", vo.dump_procedures);
    verify_rows.bind("emit-chc", vo.emit_chc);
    verify_rows.bind("dump-arg", vo.dump_arg);
    verify_rows.bind("recursion-depth", vo.lowering.recursion_depth);
    verify_rows.bind("precision", vo.precision);
    verify_rows.bind("precision-heuristic", vo.precision_heuristic);
    verify_rows.bind("use-summaries", vo.use_summaries);
    verify_rows.bind("accelerate", vo.accelerate);
    verify_rows.bind("stats", vo.stats);
    verify_rows.bind("progress", vo.progress);
    verify_rows.bind("invariants", vo.invariants);
    verify_rows.bind("json", vo.json);
    verify_rows.finish();
    EngineOptions verify_engine_options;
    verify_engine_options.add(*verify, registry);

    chc::ChcOptions co;
    CLI::App* chc_cmd = app.add_subcommand(
        "chc",
        "Solve a CHC-COMP problem (SMT-LIB logic HORN over LIA/LRA; nonlinear clauses: engine whale, which the "
        "default portfolio runs on them): prints sat, unsat or unknown");
    chc_cmd->add_option("file", co.input, "SMT-LIB file in logic HORN")->required();
    cli::RunOptionBinder chc_rows(*chc_cmd, Command::Chc);
    bind_limits(chc_rows, co);
    bind_checks(chc_rows, co);
    add_sat_integration(*chc_cmd, co.sat_integration);
    chc_rows.bind("engine", co.engine);
    chc_rows.bind("bound", co.bound);
    chc_rows.bind("print-witness", co.print_witness);
    chc_rows.bind("accelerate", co.accelerate);
    chc_rows.bind("stats", co.stats);
    chc_rows.finish();
    EngineOptions chc_engine_options;
    chc_engine_options.add(*chc_cmd, registry, {{"portfolio", std::string(chc::kChcPortfolio)}});

    verifier::TestgenOptions to;
    std::string testgen_data_model, cover = "statements";
    CLI::App* testgen = app.add_subcommand(
        "testgen",
        "Generate tests by lazy annotation (Test-Comp format): a test per reachable goal, and the goals proved "
        "unreachable");
    testgen->add_option("file", to.input, "C file or SV-COMP task file (.yml)")->required();
    cli::RunOptionBinder testgen_rows(*testgen, Command::Testgen);
    bind_limits(testgen_rows, to);
    testgen_rows.bind("output", to.output);
    testgen_rows.bind("zip", to.zip);
    testgen_rows.bind("cover", cover);
    testgen_rows.bind("learning", to.learning);
    testgen_rows.bind("data-model", testgen_data_model);
    testgen_rows.bind("recursion-depth", to.lowering.recursion_depth);
    testgen_rows.bind("stats", to.stats);
    testgen_rows.finish();
    cli::BenchCommandLine bench(app);
    CLI::App* options_cmd =
        app.add_subcommand("options", "Print the reference of every command's and engine's options (Markdown, as docs/options.md)");

    try {
        app.parse(argc, argv);
        if (options_cmd->parsed()) {
            cli::write_option_reference(std::cout, app, registry);
            return cli::kOk;
        }
    } catch (const CLI::ParseError& e) {
        int rc = app.exit(e);
        return rc == 0 ? cli::kOk : cli::kUsage;
    }
    // Before the limits below: --timeout and --memory of craig bench run are each run's, not its own.
    if (bench.parsed()) return bench.run({CRAIG_VERSION, CRAIG_COMMIT});
    Limits limits{common.timeout, common.memory_mb, {{}, "unknown\n"}, "unknown\n"};
    base::route_gmp_allocation();
    base::install_interrupt_handlers();
    if (*solve) collect_table_options(*solve, solve_table, common);
    if (*itp_cmd) collect_table_options(*itp_cmd, itp_table, common);
    if (*chc_cmd) {
        if (!chc_engine_options.collect(*chc_cmd, co.engine, co.engine_options)) return cli::kUsage;
        limits = {co.timeout, co.memory_mb, {"unknown\n", "unknown\n"}, "unknown\n"};
    } else if (*testgen) {
        to.cover = cover == "branches" ? verifier::Coverage::Branches
                   : cover == "error"  ? verifier::Coverage::Error
                                       : verifier::Coverage::Statements;
        if (!testgen_data_model.empty()) to.data_model = parse_data_model(testgen_data_model);
        to.producer = std::string("craig ") + CRAIG_VERSION;
        limits = {to.timeout, to.memory_mb,
                  {"Search stopped: timeout before the tests were written\n",
                   "Search stopped: interrupted before the tests were written\n"},
                  "Search stopped: memory limit before the tests were written\n"};
    } else if (*verify) {
        if (list_engines) {
            for (const verifier::EngineInfo& e : registry.all()) {
                std::cout << e.name << (e.name == vo.engine ? " (default)" : "") << ": " << e.description << "\n";
                std::string can;
                const auto add = [&can](bool yes, const char* what) {
                    if (yes) can += (can.empty() ? "" : "; ") + std::string(what);
                };
                add(e.procedural(), "solves the procedural model (calls kept)");
                add(e.can.words, "takes bit-precise programs (--precision bv|uf|refine)");
                add(e.can.combines, "runs other engines as members (--portfolio)");
                add(e.can.identity, "keeps results between runs (the program's identity)");
                add(!e.can.member, "is no portfolio member");
                if (!can.empty()) std::cout << "    can: " << can << "\n";
                for (const verifier::EngineOption& opt : e.options)
                    std::cout << "    --" << opt.name << " (default " << opt.default_value << "): " << opt.help << "\n";
            }
            return cli::kOk;
        }
        if (vo.input.empty()) {
            std::cerr << "craig: error: verify needs a FILE (C file, task file or - for stdin)\n";
            return cli::kUsage;
        }
        if (!verify_engine_options.collect(*verify, vo.engine, vo.engine_options)) return cli::kUsage;
        if (!witness_format.empty() && vo.witness.empty()) {
            std::cerr << "craig: error: --witness-format needs --witness\n";
            return cli::kUsage;
        }
        if (!witness_format.empty()) vo.witness_format = verifier::parse_witness_format(witness_format);
        vo.producer = std::string("craig ") + CRAIG_VERSION;
        if (!data_model.empty()) vo.data_model = parse_data_model(data_model);
        limits = {vo.timeout, vo.memory_mb, {}, ""};
        limits.watch = {verifier::timeout_report(vo, vo.timeout + base::kStopAfter),
                        verifier::interrupt_report(vo)};
        limits.memory = verifier::memory_report(vo);
    }
    // The watchdog's thread and every text printed at a limit exist before the memory limit is
    // set: under it a thread may not start, and the out-of-memory path must not allocate.
    if (!base::start_watchdog(limits.timeout, std::move(limits.watch), cli::kResourceLimit)) {
        std::cerr << "craig: cannot start the watchdog thread: " << std::strerror(errno) << "\n";
        return cli::kResourceLimit;
    }
    base::on_out_of_memory(STDOUT_FILENO, limits.memory, "craig: memory limit reached\n", cli::kResourceLimit);
    base::apply_memory_limit(limits.memory_mb);
    // On a thread with a large stack (capped by the memory limit): the front end and the verifier
    // recurse as deep as the C program nests (see base/large_stack.hpp).
    return base::run_on_large_stack([&]() -> int {
        try {
            if (*solve || *itp_cmd) return run_solve(file, common);
            if (*verify) return exit_code(verifier::run_verify(vo, std::cout, std::cerr));
            if (*chc_cmd) return exit_code(chc::run_chc(co, std::cout, std::cerr));
            if (*testgen) return exit_code(verifier::run_testgen(to, std::cout, std::cerr));
        } catch (const std::bad_alloc&) {
            std::cout.flush();  // a std::bad_alloc thrown on purpose (base::out_of_memory ends the others)
            (void)!write(STDOUT_FILENO, limits.memory.data(), limits.memory.size());
            std::fputs("craig: memory limit reached\n", stderr);
            return cli::kResourceLimit;
        } catch (const smt::CheckFailure& e) {
            std::cout.flush();
            std::cerr << "craig: SELF-CHECK FAILED: " << e.what() << "\n";
            return cli::kCheckFailure;
        } catch (const std::exception& e) {
            std::cout.flush();
            std::cerr << "craig: internal error: " << e.what() << "\n";
            return cli::kInternalError;
        }
        return cli::kUsage;
    });
}
