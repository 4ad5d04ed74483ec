#include "cli/bench_command.hpp"

#include <iostream>

#include "base/interrupt.hpp"
#include "bench/run_folder_worker.hpp"
#include "bench/suites.hpp"
#include "bench/task_set.hpp"
#include "cli/bench_option_binding.hpp"
#include "cli/exit_codes.hpp"
#include "cli/run_option_binding.hpp"

namespace craig::cli {

BenchCommandLine::BenchCommandLine(CLI::App& app) {
    bench_ = app.add_subcommand(
        "bench",
        "Benchmarks: run task sets under configurations with limits (BenchExec-style results, SV-COMP scores), "
        "report them as one HTML page, compare two results");
    bench_->require_subcommand(1);
    run_ = bench_->add_subcommand(
        "run", "Run every task of the SETs (folders of task or .smt2 files, .set files, lists) under each "
               "configuration, each run a process group of its own with the limits; results in --out DIR");
    run_->add_option("set", run_options_.sets,
                     "Task sets: folders, SV-COMP .set files, list files, task files, suite:NAME (craig bench suites)");
    RunOptionBinder limits(*run_, verifier::Command::Bench);
    limits.bind("timeout", run_options_.timeout);
    limits.bind("memory", run_options_.memory_mb);
    limits.finish();
    BenchOptionBinder run_rows(*run_, bench::BenchCommand::Run);
    run_rows.bind("out", run_options_.out);
    run_rows.bind("resume", run_options_.resume);
    run_rows.bind("config", run_options_.configs);
    run_rows.bind("tool", run_options_.tool);
    run_rows.bind("jobs", run_options_.jobs);
    run_rows.bind("repeat", run_options_.repeat);
    run_rows.bind("walltime", run_options_.walltime);
    run_rows.bind("craig", run_options_.craig);
    run_rows.bind("executor", run_options_.executor);
    run_rows.bind("isolation", run_options_.isolation);
    run_rows.bind("hosts", run_options_.hosts);
    run_rows.bind("slurm-chunk", run_options_.slurm_chunk);
    run_rows.bind("slurm-partition", run_options_.slurm_partition);
    run_rows.bind("suites", suites_folder_);
    run_rows.finish();
    report_ = bench_->add_subcommand(
        "report", "Write one self-contained HTML page of results folders: summary, cactus and scatter plots, "
                  "per-task table with the runs' files, environment");
    report_->add_option("dir", report_options_.dirs, "Results folders of craig bench run")->required();
    BenchOptionBinder report_rows(*report_, bench::BenchCommand::Report);
    report_rows.bind("out", report_options_.out);
    report_rows.bind("scatter", report_options_.scatter);
    report_rows.finish();
    compare_ = bench_->add_subcommand(
        "compare", "List the tasks whose status differs between A and B (each a results folder or FOLDER:CONFIG)");
    compare_->add_option("a", compare_options_.a, "A results folder or FOLDER:CONFIG")->required();
    compare_->add_option("b", compare_options_.b, "A results folder or FOLDER:CONFIG")->required();
    BenchOptionBinder compare_rows(*compare_, bench::BenchCommand::Compare);
    compare_rows.finish();
    stats_ = bench_->add_subcommand(
        "stats", "Set craig's statistics (--stat NAME) of results folders side by side: per column the sum and "
                 "median over the tasks every column solved, or one CSV row per run");
    stats_->add_option("dir", stats_options_.dirs, "Results folders of craig bench run")->required();
    BenchOptionBinder stats_rows(*stats_, bench::BenchCommand::Stats);
    stats_rows.bind("stat", stats_options_.stats);
    stats_rows.bind("csv", stats_options_.csv);
    stats_rows.bind("tasks", stats_options_.tasks);
    stats_rows.finish();
    suites_ = bench_->add_subcommand(
        "suites", "List the named suites (suite:NAME as a SET of craig bench run): name, tool, tasks, description");
    BenchOptionBinder suites_rows(*suites_, bench::BenchCommand::Suites);
    suites_rows.bind("suites", suites_folder_);
    suites_rows.finish();
    execute_ = bench_->add_subcommand(
        "execute", "Make the runs whose requests craig bench run wrote into these run folders, with their limits, "
                   "and write each one's measurement.txt (the worker of --executor parallel and slurm)");
    execute_->add_option("folder", execute_folders_, "Run folders of a results folder")->required();
}

void BenchCommandLine::list_suites(std::ostream& out) const {
    const std::vector<bench::Suite> suites = bench::list_suites(suites_folder_);
    if (suites.empty())
        out << "no suites in " << (suites_folder_.empty() ? bench::default_suites_folder() : suites_folder_) << "\n";
    for (const bench::Suite& s : suites) {
        out << s.name << "  ";
        try {
            const bench::TaskSet set = bench::read_task_sets({s.path}, std::nullopt);
            const char* tool = set.tasks.empty() ? "-" : bench::tool_name(set.tasks.front().tool).data();
            out << tool << "  " << set.tasks.size() << " tasks";
        } catch (const std::invalid_argument& e) {
            out << "-  its files are missing (" << e.what() << ")";
        }
        out << "  " << s.description << "\n";
    }
}

int BenchCommandLine::run(const bench::ToolIdentity& tool) {
    base::install_interrupt_handlers();
    try {
        if (run_->parsed()) {
            for (const char* o : {"--config", "--tool", "--timeout", "--walltime", "--craig", "--memory", "--repeat"})
                run_options_.settings_given = run_options_.settings_given || run_->count(o) > 0;
            run_options_.sets = bench::resolve_suites(run_options_.sets, suites_folder_);
            switch (bench::run_bench(run_options_, tool, std::cout, std::cerr, [] { return base::interrupted(); })) {
                case bench::BenchStatus::Done: return kOk;
                case bench::BenchStatus::Usage: return kUsage;
                case bench::BenchStatus::IoError: return kIoError;
                case bench::BenchStatus::Interrupted: return kResourceLimit;
            }
        }
        if (report_->parsed()) {
            const std::string page = bench::write_report(report_options_);  // may throw: nothing printed then
            std::cout << "craig bench report: wrote " << page << "\n";
            return kOk;
        }
        if (execute_->parsed()) {
            const std::size_t failed =
                bench::execute_run_folders(execute_folders_, std::cerr, [] { return base::interrupted(); });
            if (base::interrupted()) return kResourceLimit;
            return failed ? kIoError : kOk;
        }
        if (suites_->parsed()) {
            list_suites(std::cout);
            return kOk;
        }
        if (stats_->parsed()) {
            bench::write_statistics(stats_options_, std::cout);
            return kOk;
        }
        if (compare_->parsed()) {
            bench::compare_results(compare_options_, std::cout);
            return kOk;
        }
    } catch (const std::invalid_argument& e) {
        std::cerr << "craig bench: error: " << e.what() << "\n";
        return kUsage;
    } catch (const std::runtime_error& e) {
        std::cerr << "craig bench: error: " << e.what() << "\n";
        return kIoError;
    }
    return kUsage;
}

}  // namespace craig::cli
