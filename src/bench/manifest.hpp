// The manifest of a results folder (DIR/manifest.txt): which craig binary made the runs and with
// which sets, tool, limits, repetitions and configurations, so that one folder never mixes two
// of them, and `--resume DIR` can continue a run with exactly its settings.
//
//   KeyValues m = make_manifest(settings, identify_binary("/proc/self/exe"), tool_id);
//   std::vector<std::string> d = manifest_differences(stored, m);   // empty: same experiment
//   RunSettings again = settings_of(stored);                        // --resume DIR without SETs
//
// The binary is identified by a hash of its contents (64-bit FNV-1a) and its size; its path,
// version, commit, the machine and the dates are recorded but not compared. The binary is this
// craig or the one --craig names (RunSettings::craig, recorded as "craig"; a manifest without the
// key, or with it empty, means this one). An external configuration's program (external_tool.hpp)
// is recorded as program.NAME (its path), program-sha256.NAME and program-version.NAME (the first
// line of its --version), all three compared. The isolation of the runs (isolation: cgroup2 or
// rlimits, or what --isolation asked the workers of parallel and slurm for) is set by run_bench
// and compared by it (bench_run.hpp), not here.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "bench/config.hpp"
#include "bench/external_tool.hpp"
#include "bench/key_value.hpp"
#include "bench/verdicts.hpp"

namespace craig::bench {

// What a run of `craig bench run` asks for (the compared part of the manifest).
struct RunSettings {
    std::vector<std::string> sets;  // absolute paths
    std::optional<Tool> tool;       // as given (empty: chosen by the files)
    double timeout = 0;             // seconds of CPU time per run (and of wall clock without walltime), 0 = none
    double walltime = 0;            // seconds of wall clock per run, 0 = timeout + kWallGrace
    std::string craig;              // the craig binary the runs execute (absolute), "" = this one
    std::uint64_t memory_mb = 0;    // per run, 0 = none
    unsigned repeat = 1;
    std::vector<Config> configs;
};

struct BinaryIdentity {
    std::string path;
    std::string hash;  // 16 hex digits, "" when the file cannot be read
    std::uint64_t size = 0;
};
BinaryIdentity identify_binary(const std::string& path);

// The craig that runs: its version and the commit it was built from.
struct ToolIdentity {
    std::string version;
    std::string commit;
};
// The identity another craig binary states: the first line of `PATH --version`, and the commit
// in its "(commit X)" (craig prints "craig 0.1.0 (commit abc1234)"; older builds print no commit,
// then commit is ""). version is "" when the binary does not run.
ToolIdentity ask_tool_identity(const std::string& path);
// The first line `PATH --version` prints on standard output ("" when none).
std::string first_version_line(const std::string& path);

// `programs`: the identities of the external configurations' programs, by configuration name.
KeyValues make_manifest(const RunSettings& s, const BinaryIdentity& binary, const ToolIdentity& tool,
                        const std::map<std::string, ProgramIdentity>& programs = {});
// One sentence per compared key whose values differ ("timeout: 10 in the folder, 20 now").
std::vector<std::string> manifest_differences(const KeyValues& stored, const KeyValues& now);
// The isolation a manifest records; "rlimits" for a folder made before the key existed.
std::string stored_isolation(const KeyValues& manifest);
// The settings a manifest records (std::invalid_argument when it is not one).
RunSettings settings_of(const KeyValues& manifest);

}  // namespace craig::bench
