// craig command line: `craig solve FILE.smt2` (SMT-LIB 2.6 scripts).
#include <sys/resource.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <new>
#include <thread>

#include "cli/exit_codes.hpp"
#include "smt/smtlib/interpreter.hpp"
#include "smt/solver.hpp"

namespace {

using namespace craig;

struct CommonOptions {
  double timeout = 0;      // seconds, 0 = none
  uint64_t memory_mb = 0;  // 0 = none
  uint32_t seed = 0;
  bool check_models = true;
  bool check_certificates = true;
  bool lra_static_learning = false;
  std::string lra_arith = "fast";
};

void add_common(CLI::App& app, CommonOptions& o) {
  app.add_option("--timeout", o.timeout, "Wall-clock limit in seconds (0 = none)")->check(CLI::NonNegativeNumber);
  app.add_option("--memory", o.memory_mb, "Memory limit in MiB (0 = none)");
  app.add_option("--seed", o.seed, "Random seed");
  app.add_flag("--check-models,!--no-check-models", o.check_models,
               "Evaluate every assertion under each model before answering sat (default on)");
  app.add_flag("--check-certificates,!--no-check-certificates", o.check_certificates,
               "Re-check every theory conflict (Farkas certificates, congruence explanations) "
               "with an independent checker (default on)");
  app.add_flag("--lra-static-learning,!--no-lra-static-learning", o.lra_static_learning,
               "Add bound implications between arithmetic atoms over the same term (default off)");
  app.add_option("--lra-arith", o.lra_arith,
                 "Simplex numbers: fast (machine words, GMP on overflow) or gmp (GMP only); same answers")
      ->check(CLI::IsMember({"fast", "gmp"}));
}

void apply_memory_limit(uint64_t mb) {
  if (!mb) return;
  rlimit rl{};
  rl.rlim_cur = rl.rlim_max = static_cast<rlim_t>(mb) * 1024 * 1024;
  setrlimit(RLIMIT_AS, &rl);
}

// The solver polls its deadline; the watchdog guarantees termination even inside a long
// non-polling step, a second after the limit.
void start_watchdog(double timeout) {
  if (timeout <= 0) return;
  std::thread([timeout] {
    std::this_thread::sleep_for(std::chrono::duration<double>(timeout + 1.0));
    std::fflush(stdout);
    std::fputs("craig: time limit reached\n", stderr);
    _exit(cli::kResourceLimit);
  }).detach();
}

int run_solve(const std::string& file, const CommonOptions& o) {
  smtlib::ScriptOptions so;
  so.check_models = o.check_models;
  so.check_certificates = o.check_certificates;
  so.lra_static_learning = o.lra_static_learning;
  so.lra_arith = *lra::parse_arith(o.lra_arith);  // checked by CLI11
  so.seed = o.seed;
  if (o.timeout > 0)
    so.deadline = std::chrono::steady_clock::now() +
                  std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                      std::chrono::duration<double>(o.timeout));
  if (file.empty() || file == "-") return smtlib::run_script(std::cin, "<stdin>", std::cout, so);
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
  CommonOptions common;
  std::string file;
  CLI::App* solve = app.add_subcommand("solve", "Run an SMT-LIB 2.6 script (FILE or - for stdin)");
  solve->add_option("file", file, "SMT-LIB 2.6 script");
  add_common(*solve, common);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    int rc = app.exit(e);
    return rc == 0 ? cli::kOk : cli::kUsage;
  }
  apply_memory_limit(common.memory_mb);
  start_watchdog(common.timeout);
  try {
    if (*solve) return run_solve(file, common);
  } catch (const std::bad_alloc&) {
    std::cout.flush();
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
