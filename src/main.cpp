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
#include "cli/exit_codes.hpp"
#include "cli/option_reference.hpp"
#include "itp/options.hpp"
#include "smtlib/interpreter.hpp"
#include "smtlib/options.hpp"
#include "smt/solver.hpp"
#include "verifier/engines/engine.hpp"
#include "verifier/testgen/testgen.hpp"
#include "verifier/run/verify.hpp"

namespace {

using namespace craig;

struct CommonOptions {
    double timeout = 0;      // seconds, 0 = none
    uint64_t memory_mb = 0;  // 0 = none
    bool check_models = true;
    bool check_certificates = true;
    smt::SatIntegration sat_integration = smt::kDefaultSatIntegration;  // of the queries
    // craig solve and itp: the interpreter's options, bound to the command line directly
    // (deadline and self-checks are set from the common options above).
    smtlib::ScriptOptions script;
};

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

void add_common(CLI::App& app, CommonOptions& o) {
    const CLI::Validator non_negative(
        [](std::string& v) {
            char* end = nullptr;
            const double d = std::strtod(v.c_str(), &end);
            return !v.empty() && *end == '\0' && d >= 0 && std::isfinite(d)
                       ? std::string()
                       : "'" + v + "' is not a non-negative number";
        },
        "NONNEGATIVE");
    app.add_option("--timeout", o.timeout, "Wall-clock limit in seconds (0 = none)")
        ->check(non_negative)
        ->capture_default_str();
    app.add_option("--memory", o.memory_mb, "Memory limit in MiB (0 = none)")
        ->check(non_negative)
        ->capture_default_str();
    app.add_flag("--check-models,!--no-check-models", o.check_models,
                 "Evaluate every assertion under each model before answering sat (default on)");
    app.add_flag("--check-certificates,!--no-check-certificates", o.check_certificates,
                 "Re-check every theory conflict (Farkas certificates, congruence explanations) "
                 "with an independent checker (default on)");
}

// --sat-integration for the engines' queries (verify, chc), from the SMT-LIB option table's row,
// so that its help and its check are the ones craig solve and set-option use.
void add_sat_integration(CLI::App& app, CommonOptions& o) {
    const smtlib::OptionSpec& spec = *smtlib::find_option("sat-integration");
    app.add_option_function<std::string>(
           "--sat-integration", [&o](const std::string& v) { o.sat_integration = *smt::parse_sat_integration(v); },
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
void collect_table_options(const CLI::App& app, TableOptions& t, CommonOptions& o) {
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

// Options of craig itp's study mode and of the interpolants' post-processing.
void add_itp_options(CLI::App& app, CommonOptions& o) {
    app.add_option("--simplify", o.script.simplify_level,
                   "Simplify interpolants: 0 none, 1 contextual propagation, 2 + bound subsumption, "
                   "3 + solver-checked redundancy (itp/simplify.hpp)")
        ->check(CLI::Range(0, 3))
        ->capture_default_str();
    app.add_flag("--itp-stats", o.script.itp_stats,
                 "Diagnostic lines: seconds of every check-sat and get-interpolants (mining and "
                 "interpolation), interpolant sizes");
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

int run_solve(const std::string& file, const CommonOptions& o) {
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
    app.set_version_flag("--version", std::string("craig ") + CRAIG_VERSION);
    app.require_subcommand(1);
    app.formatter(std::make_shared<HelpFormatter>());
    CommonOptions common;
    std::string file;
    CLI::App* solve = app.add_subcommand("solve", "Run an SMT-LIB 2.6 script (FILE or - for stdin)");
    solve->add_option("file", file, "SMT-LIB 2.6 script");
    solve->add_flag("--check-proofs", common.script.check_proofs,
                    "Mine and independently check the proof of every unsat answer; a proof that does "
                    "not check (or a lemma kind without a checker) exits with code 10");
    solve->add_flag("--stats", common.script.stats,
                    "Print the solver's statistics on standard error when the script ends, also at a time "
                    "limit or an interrupt (the list of (get-info :all-statistics), one entry per line)");
    solve->add_flag("--proof-stats", common.script.proof_stats,
                    "With --check-proofs: one line of proof figures per unsat");
    solve->add_flag("--reduce-proofs", common.script.reduce_proofs,
                    "Compress every proof (LowerUnits, RecyclePivotsWithIntersection) before it is "
                    "checked or printed; --proof-stats then shows the sizes before and after");
    add_common(*solve, common);
    TableOptions solve_table, itp_table;
    add_table_options(*solve, solve_table);
    add_itp_options(*solve, common);
    CLI::App* itp_cmd =
        app.add_subcommand("itp",
                           "Study interpolants: run an SMT-LIB script; with --all-systems every get-interpolants "
                           "shows the interpolants of every system, their sizes and which implies which");
    itp_cmd->add_option("file", file, "SMT-LIB 2.6 script with get-interpolants");
    itp_cmd->add_flag("--all-systems", common.script.all_systems,
                      "Answer each get-interpolants with every system's results (grouped when equal), "
                      "sizes and checked implications between them");
    itp_cmd->add_flag("--reduce-proofs", common.script.reduce_proofs, "Compress proofs before interpolating");
    add_common(*itp_cmd, common);
    add_table_options(*itp_cmd, itp_table);
    add_itp_options(*itp_cmd, common);

    verifier::VerifyOptions vo;
    std::string data_model;
    bool list_engines = false;
    CLI::App* verify =
        app.add_subcommand("verify", "Verify the unreach-call property of a C program (.c, .i) or SV-COMP task (.yml)");
    verify->add_option("file", vo.input, "C file or SV-COMP task file (- for stdin)");
    add_common(*verify, common);
    add_sat_integration(*verify, common);
    const verifier::EngineRegistry& registry = verifier::builtin_engines();
    std::vector<std::string> engines;
    for (const verifier::EngineInfo& e : registry.all()) engines.emplace_back(e.name);
    verify->add_option("--engine", vo.engine, "Verification engine (--list-engines shows them)")
        ->check(CLI::IsMember(engines))
        ->capture_default_str();
    verify->add_flag("--list-engines", list_engines, "List the engines, their options and defaults, and exit");
    verify
        ->add_option("--bound", vo.bound,
                     "BMC: largest number of blocks (0 = deepen until the time limit); impact: vertices this "
                     "many blocks deep are not expanded (then TRUE is impossible); 0 = no bound")
        ->capture_default_str();
    verify->add_option("--property", vo.property_file, "Property file (.prp); only unreach-call is supported");
    verify->add_option("--data-model", data_model, "ILP32 or LP64 (default: the task's, else ILP32)")
        ->check(CLI::IsMember({"ILP32", "LP64"}));
    std::string witness_format;
    verify->add_option("--witness", vo.witness,
                       "Write a witness: violation witness for FALSE, correctness witness (loop "
                       "invariants) for TRUE, in the format of --witness-format; removed for other "
                       "verdicts. Must not name an input file (exit code 2)");
    verify
        ->add_option("--witness-format", witness_format,
                     "Witness format for both verdicts: graphml (1.0) or yaml (2.0: violation_sequence "
                     "for FALSE, invariant_set for TRUE) (default: yaml for .yml/.yaml file names, "
                     "else graphml)")
        ->check(CLI::IsMember({"graphml", "yaml"}));
    verify->add_option("--dump-cfg", vo.dump_cfg, "Write the plain and large-block CFG as Graphviz");
    verify->add_option("--dump-procedures", vo.dump_procedures,
                       "Write the procedural model as text: calls kept, loops as tail-recursive procedures, "
                       "globals by mod/ref (what whale and the contract check read)");
    verify->add_option("--emit-chc", vo.emit_chc,
                       "Write the large-block program as linear Horn clauses (SMT-LIB logic HORN, LIA) for "
                       "craig chc, z3/Spacer, Golem; not written when it uses uninterpreted C operators");
    verify->add_option("--dump-arg", vo.dump_arg,
                       "Write the engine's final unwinding/ARG as Graphviz (covering edges dashed; "
                       "engines without one write an empty graph saying so)");
    verify
        ->add_option("--recursion-depth", vo.lowering.recursion_depth,
                     "Inline recursive calls this deep (deeper calls make TRUE impossible)")
        ->capture_default_str();
    verify
        ->add_option(
            "--precision", vo.precision,
            "Encoding of integers and C operators: lia (integers; *, /, %, <<, >>, &, |, ^ between "
            "variables uninterpreted, refined point by point), bv (bit-precise words: operators exact, "
            "arithmetic undefined behaviour an error path), uf (bit-precise words, operators "
            "uninterpreted), refine (lia first, with 10 rounds of point refinement and half the time with --timeout; "
            "if that ends UNKNOWN on a "
            "program with such operators, words from uf, operators made exact where a refuted path "
            "needs them: Asadi's theory refinement). Words: engines " +
                registry.names([](const verifier::EngineInfo& e) { return e.can.words; }) +
                " and a portfolio of them")
        ->check(CLI::IsMember({"lia", "bv", "uf", "refine"}))
        ->capture_default_str();
    verify
        ->add_option("--precision-heuristic", vo.precision_heuristic,
                     "--precision refine: which falsified operators become exact: h0 forward (the first on the "
                     "path), h1 backward (the last), h2/h3 forward/backward + simultaneous (all), h4/h5 "
                     "forward/backward + dependency (and those whose operands depend on it), h6/h7 all three")
        ->check(CLI::IsMember({"h0", "h1", "h2", "h3", "h4", "h5", "h6", "h7"}))
        ->capture_default_str();
    verify->add_flag("--use-summaries", vo.use_summaries,
                     "Engines that inline calls: replace the calls of non-recursive functions by summaries "
                     "that WHALE proves first (a quarter of --timeout; 10 s without one); a counterexample "
                     "the replay refutes falls back to inlining");
    verify->add_flag("--stats", vo.stats, "Print statistics after the verdict");
    verify->add_flag("--progress", vo.progress,
                     "Print a status line on stderr about once a second (engine, depth or unwinding size, "
                     "refinements, covers, elapsed time)");
    verify->add_flag("--invariants", vo.invariants,
                     "Print the checked inductive invariants of a TRUE verdict (per location, as C)");
    verify->add_flag("--json", vo.json, "End the output with a JSON line for machines (with the statistics)");
    EngineOptions verify_engine_options;
    verify_engine_options.add(*verify, registry);
    chc::ChcOptions co;
    CommonOptions chc_common;
    CLI::App* chc_cmd = app.add_subcommand(
        "chc",
        "Solve a CHC-COMP problem (SMT-LIB logic HORN over LIA/LRA; nonlinear clauses: engine whale, which the "
        "default portfolio runs on them): prints sat, unsat or unknown");
    chc_cmd->add_option("file", co.input, "SMT-LIB file in logic HORN")->required();
    add_common(*chc_cmd, chc_common);
    add_sat_integration(*chc_cmd, chc_common);
    chc_cmd->add_option("--engine", co.engine, "Verification engine (craig verify --list-engines shows them)")
        ->check(CLI::IsMember(engines))
        ->capture_default_str();
    chc_cmd->add_option("--bound", co.bound, "As for craig verify: bmc's largest unrolling, impact's depth bound")
        ->capture_default_str();
    chc_cmd->add_flag("--print-witness", co.print_witness,
                      "After sat the checked model (define-fun per predicate), after unsat the checked derivation");
    chc_cmd->add_flag("--stats", co.stats, "Print statistics on stderr after the answer");
    EngineOptions chc_engine_options;
    chc_engine_options.add(*chc_cmd, registry, {{"portfolio", std::string(chc::kChcPortfolio)}});
    verifier::TestgenOptions to;
    CommonOptions testgen_common;
    std::string testgen_data_model, cover = "statements";
    bool no_learning = false;
    CLI::App* testgen = app.add_subcommand(
        "testgen",
        "Generate tests by lazy annotation (Test-Comp format): a test per reachable goal, and the goals proved "
        "unreachable");
    testgen->add_option("file", to.input, "C file or SV-COMP task file (.yml)")->required();
    add_common(*testgen, testgen_common);
    testgen->add_option("--output", to.output, "Test suite folder (with --zip: OUTPUT.zip)")->capture_default_str();
    testgen->add_flag("--zip", to.zip, "Write the suite as OUTPUT.zip (folder test-suite/ inside), as Test-Comp does");
    testgen
        ->add_option("--cover", cover,
                     "Goals: statements (every statement of the plain CFG), branches (every branch outcome), "
                     "error (the call of reach_error)")
        ->check(CLI::IsMember({"statements", "branches", "error"}))
        ->capture_default_str();
    testgen->add_flag("--no-learning", no_learning,
                      "DART-style search without learned labels (the baseline that shows what learning buys)");
    testgen->add_option("--data-model", testgen_data_model, "ILP32 or LP64 (default: the task's, else ILP32)")
        ->check(CLI::IsMember({"ILP32", "LP64"}));
    testgen
        ->add_option("--recursion-depth", to.lowering.recursion_depth,
                     "Inline recursive calls this deep (goals behind deeper calls stay undecided)")
        ->capture_default_str();
    testgen->add_flag("--stats", to.stats, "Print the search statistics after the summary");
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
    Limits limits{common.timeout, common.memory_mb, {{}, "unknown\n"}, "unknown\n"};
    base::route_gmp_allocation();
    base::install_interrupt_handlers();
    if (*solve) collect_table_options(*solve, solve_table, common);
    if (*itp_cmd) collect_table_options(*itp_cmd, itp_table, common);
    if (*chc_cmd) {
        if (!chc_engine_options.collect(*chc_cmd, co.engine, co.engine_options)) return cli::kUsage;
        co.timeout = chc_common.timeout;
        co.memory_mb = chc_common.memory_mb;
        co.check_models = chc_common.check_models;
        co.check_certificates = chc_common.check_certificates;
        co.sat_integration = chc_common.sat_integration;
        limits = {chc_common.timeout, chc_common.memory_mb, {"unknown\n", "unknown\n"}, "unknown\n"};
    } else if (*testgen) {
        to.cover = cover == "branches" ? verifier::Coverage::Branches
                   : cover == "error"  ? verifier::Coverage::Error
                                       : verifier::Coverage::Statements;
        to.learning = !no_learning;
        if (!testgen_data_model.empty()) to.data_model = parse_data_model(testgen_data_model);
        to.timeout = testgen_common.timeout;
        to.memory_mb = testgen_common.memory_mb;
        to.producer = std::string("craig ") + CRAIG_VERSION;
        limits = {testgen_common.timeout, testgen_common.memory_mb,
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
        vo.timeout = common.timeout;
        vo.memory_mb = common.memory_mb;
        vo.check_models = common.check_models;
        vo.check_certificates = common.check_certificates;
        vo.sat_integration = common.sat_integration;
        vo.producer = std::string("craig ") + CRAIG_VERSION;
        if (!data_model.empty()) vo.data_model = parse_data_model(data_model);
        limits.watch = {verifier::timeout_report(vo, common.timeout + base::kStopAfter),
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
