#include "bench/bench_option_table.hpp"

#include <string>

#include "bench/config.hpp"
#include "bench/local_executor.hpp"
#include "bench/verdicts.hpp"

namespace craig::bench {

namespace {

using base::OptionKind;
constexpr std::uint8_t kRun = static_cast<std::uint8_t>(BenchCommand::Run);
constexpr std::uint8_t kReport = static_cast<std::uint8_t>(BenchCommand::Report);
constexpr std::uint8_t kStats = static_cast<std::uint8_t>(BenchCommand::Stats);
constexpr std::uint8_t kSuites = static_cast<std::uint8_t>(BenchCommand::Suites);

std::string check_tool(const std::string& v) {
    return parse_tool(v) ? std::string() : "unknown tool '" + v + "' (verify, chc, solve)";
}
std::string check_config(const std::string& v) {
    std::string why;
    parse_config(v, &why);
    return why;
}
std::string check_executor(const std::string& v) {
    return v == "local" || v == "parallel" || v == "slurm" ? std::string()
                                                           : "unknown executor '" + v + "' (local, parallel, slurm)";
}
std::string check_isolation(const std::string& v) {
    return parse_isolation(v) ? std::string() : "unknown isolation '" + v + "' (auto, cgroup2, rlimits)";
}
std::string check_scatter(const std::string& v) {
    const std::size_t comma = v.find(',');
    return comma == std::string::npos || comma == 0 || comma + 1 == v.size() ? "expected A,B (two configurations)"
                                                                              : std::string();
}

constexpr BenchOption kBenchOptions[] = {
    {{"out", OptionKind::Text, "",
      "run: the results folder (created; one that holds results is refused, see --resume); report: the folder of "
      "the HTML page (index.html)"},
     kRun | kReport},
    {{"resume", OptionKind::Text, "",
      "Continue the run whose results folder this is: only the missing runs are run; refused when the craig binary, "
      "the sets or the options differ from the folder's manifest (without SET: the manifest's)"},
     kRun},
    {{"config", OptionKind::Text, "",
      "A configuration NAME=ARGS (repeatable): ARGS, split at blanks, are added to every run of the tool, {file} "
      "(the task's path) and {folder} (the run's folder) in them replaced; default: one configuration 'default' "
      "without arguments. NAME=exec:PROGRAM ARG... runs the external solver PROGRAM (found on PATH) instead of "
      "craig, for chc and solve tasks: {file}, {timeout} (CPU seconds, rounded up), {memory} (MiB) and {folder} in "
      "an ARG are replaced, the file is appended when no ARG has {file}",
      check_config},
     kRun},
    {{"tool", OptionKind::Choice, "",
      "The command each task runs: verify (SV-COMP task files, C files), chc (Horn clauses), solve (SMT-LIB) "
      "(default: chosen by the files when they agree)",
      check_tool},
     kRun},
    {{"jobs", OptionKind::Unsigned, "1", "Runs at once", nullptr, 1, 256}, kRun},
    {{"repeat", OptionKind::Unsigned, "1",
      "Run every task this many times; the results give the median times and a status only when all agree",
      nullptr, 1, 100},
     kRun},
    {{"walltime", OptionKind::Real, "0",
      "Wall-clock limit of each run in seconds (BenchExec's walltimelimit; 0: --timeout + 2 s); --timeout is "
      "then the CPU-time limit only (a portfolio's members use CPU in parallel); craig is told this limit as its "
      "--timeout"},
     kRun},
    {{"craig", OptionKind::Text, "",
      "The craig binary whose runs are made and measured (default: this one), e.g. another build for a "
      "before/after table; the manifest records its hash, version and commit"},
     kRun},
    {{"executor", OptionKind::Choice, "local",
      "Where the runs are made: local (this machine, --jobs at once), parallel (GNU parallel, --jobs per host; "
      "--hosts spreads them over machines that share the file system), slurm (one sbatch job array; --jobs "
      "elements at once); each run with the same limits and measurement (a `craig bench execute` worker)",
      check_executor},
     kRun},
    {{"isolation", OptionKind::Choice, "auto",
      "How each run is isolated and held to its limits: cgroup2 (a cgroup of its own: memory.max, its CPU time "
      "and peak memory, an OOM kill is OUT OF MEMORY; refused where cgroups v2 are not usable, saying what is "
      "missing), rlimits (a process group, RLIMIT_AS and RLIMIT_CPU, sampled from /proc), auto (cgroup2 where "
      "usable, else rlimits; parallel and slurm workers choose on their host); the manifest records it, --resume "
      "refuses another one only when --isolation asks for it",
      check_isolation},
     kRun},
    {{"hosts", OptionKind::Text, "",
      "--executor parallel: a GNU parallel --sshloginfile (one [N/]host per line, ':' = this machine); craig and the "
      "results folder must be at the same paths on every host"},
     kRun},
    {{"slurm-chunk", OptionKind::Unsigned, "0",
      "--executor slurm: runs per array element, one after the other (0 = as few as keep the array within 1000 "
      "elements)",
      nullptr, 0, 1000000},
     kRun},
    {{"slurm-partition", OptionKind::Text, "", "--executor slurm: the partition (default: the cluster's)"}, kRun},
    {{"suites", OptionKind::Text, "",
      "The folder of the named suites (NAME.set files) that a SET suite:NAME refers to (default: bench/suites of "
      "the source tree craig was built from)"},
     static_cast<std::uint8_t>(kRun | kSuites)},
    {{"scatter", OptionKind::Text, "",
      "The two configurations of the scatter plot, A,B (default: the first two)", check_scatter},
     kReport},
    {{"stat", OptionKind::Text, "",
      "A statistic of craig's --stats output to tabulate (repeatable), e.g. pdr.lemmas: its sum and median over the "
      "tasks every column solved"},
     kStats},
    {{"csv", OptionKind::Flag, "false", "Print one CSV row per task and column (task,column,status,cpu,STAT...) "
                                        "instead of the table"},
     kStats},
    {{"tasks", OptionKind::Text, "", "Only the tasks whose names match this glob, e.g. 'lia-lin/*' (default: all)"},
     kStats},
};

}  // namespace

std::span<const BenchOption> bench_option_table() { return kBenchOptions; }

}  // namespace craig::bench
