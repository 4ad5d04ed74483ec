// craig command line: `craig solve FILE.smt2` (SMT-LIB 2.6 scripts) and
// `craig verify FILE.c|TASK.yml` (software verification).
#include <sys/resource.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <map>
#include <atomic>
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
#include <thread>

#include "base/gmp_memory.hpp"
#include "base/interrupt.hpp"
#include "cli/exit_codes.hpp"
#include "itp/options.hpp"
#include "smtlib/interpreter.hpp"
#include "smt/solver.hpp"
#include "verifier/engines/engine.hpp"
#include "verifier/verify.hpp"

namespace {

using namespace craig;

struct CommonOptions {
    double timeout = 0;      // seconds, 0 = none
    uint64_t memory_mb = 0;  // 0 = none
    uint32_t seed = 0;
    bool check_models = true;
    bool check_certificates = true;
    bool lra_static_learning = false;
    bool lia_cuts = true;
    uint64_t lia_branch_budget = 20000;
    std::string lra_arith = "fast";
    bool check_proofs = false;
    bool proof_stats = false;
    // Interpolation systems (names of itp/options.hpp, checked by CLI11 with the same parsers).
    std::string itp_bool = "mcmillan", itp_lra = "farkas", itp_euf = "strong", itp_lra_factor = "1/2",
                itp_dag_route = "one-proof";
    bool check_interpolants = false;
    int simplify = 0;
    bool all_systems = false;
    bool itp_stats = false;
    bool reduce_proofs = false;
};

// A CLI11 validator from one of the itp parsers: the command line accepts what set-option does.
template <typename Parse>
CLI::Validator itp_choice(Parse parse, const char* what) {
    return CLI::Validator(
        [parse, what](std::string& v) {
            return parse(v) ? std::string() : std::string("unknown ") + what + " '" + v + "'";
        },
        what);
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

// Solver tuning (craig solve and itp; the verifier's engines set their own solver options).
void add_solver_tuning(CLI::App& app, CommonOptions& o) {
    app.add_option("--seed", o.seed, "Random seed")->capture_default_str();
    app.add_flag("--lra-static-learning,!--no-lra-static-learning", o.lra_static_learning,
                 "Add bound implications between arithmetic atoms over the same term (default off)");
    app.add_flag("--lia-cuts,!--no-lia-cuts", o.lia_cuts,
                 "Gomory cuts for integer arithmetic, each checked before use (default on)");
    app.add_option("--lia-branch-budget", o.lia_branch_budget,
                   "Branch-and-bound splits per check-sat before answering unknown")
        ->capture_default_str();
    app.add_option("--lra-arith", o.lra_arith,
                   "Simplex numbers: fast (machine words, GMP on overflow) or gmp (GMP only); same answers")
        ->check(CLI::IsMember({"fast", "gmp"}))
        ->capture_default_str();
}

// Interpolation options (craig solve; the verifier's engines will take them too).
void add_itp_options(CLI::App& app, CommonOptions& o) {
    app.add_option("--itp-bool", o.itp_bool,
                   "Boolean interpolation system: mcmillan, pudlak, mcmillan-prime (or 0, 1, 2)")
        ->check(itp_choice(itp::parse_bool_system, "Boolean interpolation system"))
        ->capture_default_str();
    app.add_option("--itp-lra", o.itp_lra,
                   "LRA interpolation: farkas, dual-farkas, flexible, decomposed-farkas, "
                   "dual-decomposed-farkas (or 0, 2, 3, 4, 5)")
        ->check(itp_choice(itp::parse_lra_system, "LRA interpolation system"))
        ->capture_default_str();
    app.add_option("--itp-euf", o.itp_euf, "EUF interpolation: strong or weak (or 0, 2)")
        ->check(itp_choice(itp::parse_euf_system, "EUF interpolation system"))
        ->capture_default_str();
    app.add_option("--itp-lra-factor", o.itp_lra_factor,
                   "Strength factor of the flexible LRA system in [0, 1], e.g. 1/3 (0 = farkas, 1 = dual)")
        ->check(itp_choice(itp::parse_strength_factor, "strength factor"))
        ->capture_default_str();
    app.add_option("--itp-dag-route", o.itp_dag_route,
                   "DAG interpolants (get-dag-interpolants): one-proof or per-vertex")
        ->check(itp_choice(itp::parse_dag_route, "DAG interpolation route"))
        ->capture_default_str();
    app.add_option("--simplify", o.simplify,
                   "Simplify interpolants: 0 none, 1 contextual propagation, 2 + bound subsumption, "
                   "3 + solver-checked redundancy (itp/simplify.hpp)")
        ->check(CLI::Range(0, 3))
        ->capture_default_str();
    app.add_flag("--itp-stats", o.itp_stats,
                 "Diagnostic lines: seconds of every check-sat and get-interpolants (mining and "
                 "interpolation), interpolant sizes");
    app.add_flag("--check-interpolants", o.check_interpolants,
                 "Check every get-interpolants result with fresh solvers (A implies I, I and B "
                 "unsat, shared symbols), as :certify-interpolants does; a failure exits with code 10");
}

itp::ItpOptions itp_options(const CommonOptions& o) {
    itp::ItpOptions r;  // every value was checked by CLI11
    r.boolean = *itp::parse_bool_system(o.itp_bool);
    r.lra = *itp::parse_lra_system(o.itp_lra);
    r.euf = *itp::parse_euf_system(o.itp_euf);
    r.lra_strength_factor = *itp::parse_strength_factor(o.itp_lra_factor);
    r.dag_route = *itp::parse_dag_route(o.itp_dag_route);
    return r;
}

void apply_memory_limit(uint64_t mb) {
    if (!mb) return;
#if defined(__SANITIZE_ADDRESS__)  // ASan's shadow memory needs terabytes of address space: a
    return;                        // RLIMIT_AS breaks it. Only ASan builds (CRAIG_SANITIZE) skip the limit.
#endif
    rlimit rl{};
    rl.rlim_cur = rl.rlim_max = static_cast<rlim_t>(mb) * 1024 * 1024;
    setrlimit(RLIMIT_AS, &rl);
}

// The solver and the engines poll the deadline and the interrupt flag; this watchdog
// guarantees termination even inside a long non-polling step: a second after the time
// limit, or three seconds after SIGINT/SIGTERM if the run has not unwound by then.
// `timeout_words` / `interrupt_words` are printed on stdout first (verify: the UNKNOWN
// verdict); they are built before the thread starts, so it does not allocate.
void start_watchdog(double timeout, std::string timeout_words = {}, std::string interrupt_words = {}) {
    using Clock = std::chrono::steady_clock;
    const Clock::time_point start = Clock::now();
    std::thread([=, timeout_words = std::move(timeout_words), interrupt_words = std::move(interrupt_words)] {
        std::optional<Clock::time_point> interrupted_at;
        for (;;) {
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
            const Clock::time_point now = Clock::now();
            const std::string* words = nullptr;
            const char* what = nullptr;
            if (timeout > 0 && now - start > std::chrono::duration<double>(timeout + 1.0)) {
                words = &timeout_words;
                what = "craig: time limit reached\n";
            } else if (base::interrupted()) {
                if (!interrupted_at) interrupted_at = now;
                if (now - *interrupted_at > std::chrono::seconds(3)) {
                    words = &interrupt_words;
                    what = "craig: interrupted\n";
                }
            }
            if (!what) continue;
            std::cout.flush();
            if (!words->empty()) (void)!write(STDOUT_FILENO, words->data(), words->size());
            std::fputs(what, stderr);
            _exit(cli::kResourceLimit);
        }
    }).detach();
}

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

frontend::DataModel parse_data_model(const std::string& s) {
    return s == "LP64" ? frontend::DataModel::LP64 : frontend::DataModel::ILP32;
}

int run_solve(const std::string& file, const CommonOptions& o) {
    smtlib::ScriptOptions so;
    so.check_models = o.check_models;
    so.check_certificates = o.check_certificates;
    so.lra_static_learning = o.lra_static_learning;
    so.lia_cuts = o.lia_cuts;
    so.lia_branch_budget = o.lia_branch_budget;
    so.lra_arith = *lra::parse_arith(o.lra_arith);  // checked by CLI11
    so.check_proofs = o.check_proofs;
    so.proof_stats = o.proof_stats;
    so.itp = itp_options(o);
    so.check_interpolants = o.check_interpolants;
    so.simplify_level = o.simplify;
    so.all_systems = o.all_systems;
    so.itp_stats = o.itp_stats;
    so.reduce_proofs = o.reduce_proofs;
    so.seed = o.seed;
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
    solve->add_flag("--check-proofs", common.check_proofs,
                    "Mine and independently check the proof of every unsat answer; a proof that does "
                    "not check (or a lemma kind without a checker) exits with code 10");
    solve->add_flag("--proof-stats", common.proof_stats, "With --check-proofs: one line of proof figures per unsat");
    solve->add_flag("--reduce-proofs", common.reduce_proofs,
                    "Compress every proof (LowerUnits, RecyclePivotsWithIntersection) before it is "
                    "checked or printed; --proof-stats then shows the sizes before and after");
    add_common(*solve, common);
    add_solver_tuning(*solve, common);
    add_itp_options(*solve, common);
    CLI::App* itp_cmd =
        app.add_subcommand("itp",
                           "Study interpolants: run an SMT-LIB script; with --all-systems every get-interpolants "
                           "shows the interpolants of every system, their sizes and which implies which");
    itp_cmd->add_option("file", file, "SMT-LIB 2.6 script with get-interpolants");
    itp_cmd->add_flag("--all-systems", common.all_systems,
                      "Answer each get-interpolants with every system's results (grouped when equal), "
                      "sizes and checked implications between them");
    itp_cmd->add_flag("--reduce-proofs", common.reduce_proofs, "Compress proofs before interpolating");
    add_common(*itp_cmd, common);
    add_solver_tuning(*itp_cmd, common);
    add_itp_options(*itp_cmd, common);

    verifier::VerifyOptions vo;
    std::string data_model;
    bool list_engines = false;
    CLI::App* verify =
        app.add_subcommand("verify", "Verify the unreach-call property of a C program (.c, .i) or SV-COMP task (.yml)");
    verify->add_option("file", vo.input, "C file or SV-COMP task file (- for stdin)");
    add_common(*verify, common);
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
    verify->add_option("--dump-arg", vo.dump_arg,
                       "Write the engine's final unwinding/ARG as Graphviz (covering edges dashed; "
                       "engines without one write an empty graph saying so)");
    verify
        ->add_option("--recursion-depth", vo.lowering.recursion_depth,
                     "Inline recursive calls this deep (deeper calls make TRUE impossible)")
        ->capture_default_str();
    verify->add_flag("--stats", vo.stats, "Print statistics after the verdict");
    verify->add_flag("--progress", vo.progress,
                     "Print a status line on stderr about once a second (engine, depth or unwinding size, "
                     "refinements, covers, elapsed time)");
    verify->add_flag("--invariants", vo.invariants,
                     "Print the checked inductive invariants of a TRUE verdict (per location, as C)");
    verify->add_flag("--json", vo.json, "End the output with a JSON line for machines (with the statistics)");
    // Every option of every engine's table, once (engines may share one, e.g. --itp-bool);
    // values are kept as text and checked here by the table's own check.
    std::map<std::string, std::string> engine_text;
    std::map<std::string, bool> engine_flag;
    std::map<std::string, std::vector<std::string>> declared_by;  // option -> engines
    for (const verifier::EngineInfo& e : registry.all())
        for (const verifier::EngineOption& opt : e.options) {
            const std::string name(opt.name);
            declared_by[name].emplace_back(e.name);
            if (declared_by[name].size() > 1) continue;
            const std::string help = std::string(e.name) + ": " + std::string(opt.help);
            if (opt.kind == verifier::OptionKind::Flag) {
                engine_flag[name] = opt.default_value == "true";
                verify->add_flag("--" + name + ",!--no-" + name, engine_flag[name],
                                 help + " (default " + (opt.default_value == "true" ? "on" : "off") + ")");
                continue;
            }
            engine_text[name] = std::string(opt.default_value);
            CLI::Option* o = verify->add_option("--" + name, engine_text[name], help)->capture_default_str();
            if (opt.kind == verifier::OptionKind::Unsigned) o->check(CLI::NonNegativeNumber);
            if (opt.check) {
                auto check = opt.check;
                o->check(CLI::Validator([check](std::string& v) { return check(v); }, "VALUE"));
            }
        }
    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        int rc = app.exit(e);
        return rc == 0 ? cli::kOk : cli::kUsage;
    }
    apply_memory_limit(common.memory_mb);
    base::route_gmp_allocation();
    base::install_interrupt_handlers();
    if (*verify) {
        if (list_engines) {
            for (const verifier::EngineInfo& e : registry.all()) {
                std::cout << e.name << (e.name == vo.engine ? " (default)" : "") << ": " << e.description << "\n";
                for (const verifier::EngineOption& opt : e.options)
                    std::cout << "    --" << opt.name << " (default " << opt.default_value << "): " << opt.help << "\n";
            }
            return cli::kOk;
        }
        if (vo.input.empty()) {
            std::cerr << "craig: error: verify needs a FILE (C file, task file or - for stdin)\n";
            return cli::kUsage;
        }
        // An option of another engine is refused, so that an accepted option has an effect.
        for (const auto& [name, engines_with] : declared_by) {
            const bool given = verify->count("--" + name) > 0;
            if (!given) continue;
            if (std::find(engines_with.begin(), engines_with.end(), vo.engine) == engines_with.end()) {
                std::cerr << "craig: error: --" << name << " needs --engine " << engines_with.front();
                for (std::size_t k = 1; k < engines_with.size(); ++k) std::cerr << " or " << engines_with[k];
                std::cerr << "\n";
                return cli::kUsage;
            }
            vo.engine_options[name] =
                engine_flag.count(name) ? (engine_flag[name] ? "true" : "false") : engine_text[name];
        }
        if (!witness_format.empty() && vo.witness.empty()) {
            std::cerr << "craig: error: --witness-format needs --witness\n";
            return cli::kUsage;
        }
        if (!witness_format.empty()) vo.witness_format = verifier::parse_witness_format(witness_format);
        vo.timeout = common.timeout;
        vo.memory_mb = common.memory_mb;
        vo.check_models = common.check_models;
        vo.check_certificates = common.check_certificates;
        vo.producer = std::string("craig ") + CRAIG_VERSION;
        if (!data_model.empty()) vo.data_model = parse_data_model(data_model);
        start_watchdog(common.timeout, verifier::timeout_report(vo, common.timeout + 1.0),
                       verifier::interrupt_report(vo));
    } else {
        start_watchdog(common.timeout, {}, "unknown\n");
    }
    try {
        if (*solve || *itp_cmd) return run_solve(file, common);
        if (*verify) return exit_code(verifier::run_verify(vo, std::cout, std::cerr));
    } catch (const std::bad_alloc&) {
        std::cout.flush();
        if (*verify) std::cout << verifier::memory_report(vo) << std::flush;
        std::cerr << "craig: memory limit reached\n";
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
}
