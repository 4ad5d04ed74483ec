// `craig bench run SET... --out DIR`: every task of the sets (task_set.hpp) under every
// configuration (config.hpp), `repeat` times, each run a child process of this craig binary
// (/proc/self/exe) or of the one --craig names (another build, for before/after tables) run by
// the executor --executor names (local_executor.hpp, external_executor.hpp) with the limits; then the result files of DIR
// (result_xml.hpp, result_csv.hpp, summary.txt) and the summary on `out`.
//
//   BenchRunOptions o; o.sets = {"tests/bench/tasks"}; o.out = "results"; o.timeout = 10;
//   BenchStatus s = run_bench(o, {"0.1.0", "abc1234"}, std::cout, std::cerr, [] { return false; });
//
// A run is `craig TOOL ARGS... [--timeout T] [--memory M] --stats [--witness RUN/witness.graphml]
// FILE` (command.txt in its folder; folders and files: run_record.hpp); T is the wall-clock limit
// (--walltime, else --timeout): craig stops itself there, the CPU-time limit (--timeout) is the
// executor's, as in BenchExec's timelimit and walltimelimit. A run of an external configuration
// (`NAME=exec:PROGRAM ARG...`, external_tool.hpp; chc and solve tasks only) is `PATH ARG...`
// with the placeholders replaced, PROGRAM found on PATH once before any run (one that is not is
// refused), under the same limits and measurement, classified by classify_external_run
// (outcome.hpp), with no stats.txt. DIR/manifest.txt
// (manifest.hpp) is written before the first run. A folder with a manifest is refused unless
// --resume names it; --resume runs only the runs without a record and refuses a folder made by
// another binary or with other settings (each difference named); without SETs it takes the
// manifest's settings (and then refuses --config, --tool, --timeout, --memory, --repeat).
// The isolation of the runs (--isolation: auto, cgroup2, rlimits) is recorded in the manifest
// (isolation: cgroup2 or rlimits; with --executor parallel or slurm what was asked for, the
// workers choosing on their hosts for auto); --resume refuses a folder whose isolation differs
// only when --isolation other than auto asks for one, else it notes the difference (a folder
// made before the key existed was made with rlimits). --isolation cgroup2 where cgroups v2 are
// not usable is a usage error naming what is missing; auto notes the fallback to rlimits.
// Interrupted (`stop` returns true): the running runs are killed and get no record, the result
// files are written for the finished ones, and the status is Interrupted.
#pragma once

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <string>
#include <vector>

#include "bench/manifest.hpp"

namespace craig::bench {

struct BenchRunOptions {
    std::vector<std::string> sets;
    std::string out, resume;
    std::vector<std::string> configs;  // NAME=ARGS
    std::string tool;                  // "" = chosen by the files
    double timeout = 0, walltime = 0;
    std::string craig;  // the craig binary to measure, "" = this one
    std::uint64_t memory_mb = 0;
    unsigned jobs = 1, repeat = 1;
    std::string executor = "local";  // local, parallel, slurm (external_executor.hpp)
    std::string isolation = "auto";  // auto, cgroup2, rlimits (local_executor.hpp; --resume: see above)
    std::string hosts;               // parallel: its --sshloginfile
    unsigned slurm_chunk = 0;        // slurm: runs per array element, 0 = at most 1000 elements
    std::string slurm_partition;
    bool settings_given = false;  // one of --config, --tool, --timeout, --walltime, --craig, --memory, --repeat
};

enum class BenchStatus : std::uint8_t { Done, Usage, IoError, Interrupted };

BenchStatus run_bench(const BenchRunOptions& o, const ToolIdentity& tool, std::ostream& out, std::ostream& err,
                      const std::function<bool()>& stop);

// Writes DIR's result files (results.CONFIG.xml, results.csv, summary.txt) from its records and
// returns the summary text; false in `ok` when a file cannot be written.
std::string write_result_files(const std::string& dir, bool* ok);

}  // namespace craig::bench
