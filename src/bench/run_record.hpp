// RunRecord: what one finished run of a benchmark was and how it ended, kept as the run folder's
// result.txt (key_value.hpp), written last and atomically: a run folder with result.txt is a
// finished run (--resume runs the others again), one without is not.
//
//   DIR/runs/CONFIG/TASK/K/   (run_folder(config, task, k), K = 1..repeat)
//       command.txt   the command line, one argument per line (the binary by its path; the run
//                     execs /proc/self/exe, the same file)
//       output.log    standard output     stderr.log   standard error
//       witness.graphml (verify: the witness craig wrote, when it wrote one; .yml with
//                     --witness-format yaml)
//       stats.txt     the statistics craig printed (verify: its "Statistics:" block; chc and
//                     solve: standard error)
//       result.txt    this record
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "bench/key_value.hpp"
#include "bench/verdicts.hpp"

namespace craig::bench {

struct RunRecord {
    std::string config, task;
    unsigned repetition = 1;
    Tool tool = Tool::Verify;
    std::string file, expected, property_file;
    std::string status;
    Category category = Category::Error;
    double cpu_seconds = 0, wall_seconds = 0;
    std::uint64_t memory_bytes = 0;
    int exit_code = -1, signal = 0;
    std::string termination, started;
    std::string host;     // where it ran ("" in records older than the field)
    std::string witness;  // file name in the run folder, "" when none was written
    std::string folder;   // the run folder, relative to the results folder
};

// "runs/CONFIG/TASK/K".
std::string run_folder(const std::string& config, const std::string& task, unsigned repetition);

KeyValues record_to_key_values(const RunRecord& r);
// std::nullopt when `kv` is not a complete record.
std::optional<RunRecord> record_from_key_values(const KeyValues& kv);

}  // namespace craig::bench
