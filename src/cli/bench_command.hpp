// `craig bench run|report|compare|stats|suites|execute` on the command line: the subcommands, their options (bound
// from bench/bench_option_table.hpp and the run layer's --timeout and --memory rows), and the
// exit codes of their outcomes (exit_codes.hpp: 0 done, 2 usage or a bad folder, 5 interrupted,
// 6 a file that cannot be written).
//
//   BenchCommandLine bench(app);          // adds `bench` with its six subcommands
//   app.parse(argc, argv);
//   if (bench.parsed()) return bench.run({CRAIG_VERSION, CRAIG_COMMIT});
#pragma once

#include <CLI/CLI.hpp>

#include "bench/bench_run.hpp"
#include "bench/compare.hpp"
#include "bench/html_report.hpp"
#include "bench/statistics_table.hpp"

namespace craig::cli {

class BenchCommandLine {
public:
    explicit BenchCommandLine(CLI::App& app);
    BenchCommandLine(const BenchCommandLine&) = delete;
    BenchCommandLine& operator=(const BenchCommandLine&) = delete;

    bool parsed() const { return bench_->parsed(); }
    // Runs the parsed subcommand; the exit code. Installs the interrupt handlers (SIGINT and
    // SIGTERM stop a bench run after killing its running runs).
    int run(const bench::ToolIdentity& tool);

private:
    void list_suites(std::ostream& out) const;

    CLI::App* bench_ = nullptr;
    CLI::App* run_ = nullptr;
    CLI::App* report_ = nullptr;
    CLI::App* compare_ = nullptr;
    CLI::App* execute_ = nullptr;
    CLI::App* stats_ = nullptr;
    CLI::App* suites_ = nullptr;
    bench::BenchRunOptions run_options_;
    bench::ReportOptions report_options_;
    bench::CompareOptions compare_options_;
    bench::StatsOptions stats_options_;
    std::string suites_folder_;  // --suites of run and suites
    std::vector<std::string> execute_folders_;
};

}  // namespace craig::cli
