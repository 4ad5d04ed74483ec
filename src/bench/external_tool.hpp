// An external solver as a configuration of `craig bench run` (`--config 'NAME=exec:PROGRAM
// ARG...'`, config.hpp), after BenchExec's tool-info modules: how its command line is built and
// how the program that ran is identified. Its runs are made and classified like craig's
// (local_executor.hpp, outcome.hpp: classify_external_run).
//
//   std::optional<std::string> z3 = find_program("z3");             // "/usr/bin/z3", once, up front
//   ProgramIdentity id = identify_program(*z3);                       // path, sha256, version line
//   external_command(config, *z3, "/abs/task.smt2", 60, 2000);
//       // {"/usr/bin/z3", "fp.engine=spacer", "/abs/task.smt2"}
//
// Placeholders in each ARG, replaced wherever they occur: {file} the task's absolute path,
// {timeout} the CPU-time limit in whole seconds rounded up (0 without a limit), {memory} the
// memory limit in MiB (0 without one), {folder} the run's folder (absolute; craig's own
// configurations have {file} and {folder} too). When no ARG holds {file}, the file is the last argument.
// Only the tools chc and solve (SMT-LIB, CHC files) have external configurations; craig bench run
// refuses them for verify (no tool-info for C verifiers). The answer is read as
// classify_external_run says; the harness writes no stats.txt and no witness for these runs.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "bench/config.hpp"

namespace craig::bench {

// What a results folder's manifest records of an external configuration's program, and
// `--resume` compares.
struct ProgramIdentity {
    std::string path;     // absolute, as found on PATH
    std::string sha256;   // of the file, "" when it cannot be read
    std::string version;  // the first line of `PATH --version`, "" when it prints none
};

// `program` found: a name without '/' in the folders of PATH (the first executable file), a
// path as it is; made absolute. nullopt when there is no such executable file.
std::optional<std::string> find_program(const std::string& program);

ProgramIdentity identify_program(const std::string& path);

// The argv of one run of external configuration `c` whose program is at `path`; `folder` is the
// run's folder ({folder}).
std::vector<std::string> external_command(const Config& c, const std::string& path, const std::string& file,
                                          double timeout, std::uint64_t memory_mb, const std::string& folder = "");

// `arg` with each placeholder (key) replaced by its value in one pass (a value is never searched
// again): {file}, {timeout}, {memory}, {folder} in configurations' arguments.
std::string substituted(const std::string& arg, const std::vector<std::pair<std::string, std::string>>& values);

}  // namespace craig::bench
