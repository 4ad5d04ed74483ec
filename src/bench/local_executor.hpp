// LocalExecutor: runs the commands of a benchmark on this machine, each in a process group of its
// own, held to its limits and measured (`--executor local`, the default of craig bench run).
//
//   LocalExecutor ex(2);                               // at most two runs at once
//   ex.run(requests, [&](std::size_t i, const Measurement& m) { ... }, [] { return base::interrupted(); });
//
// Isolation (`--isolation`): cgroups v2 where the machine offers them (cgroup2.hpp; Auto), else
// rlimits and /proc. With cgroups v2 (as BenchExec's runexec), each run gets a fresh cgroup
// (memory.max = the memory limit, no swap) that the child joins before it execs, in place of
// RLIMIT_AS; CPU time and memory are the cgroup's (cpu.stat usage_usec, memory.peak or the largest
// memory.current sampled), an OOM kill (memory.events oom_kill) is Termination::Memory, killing
// is the cgroup's (cgroup.kill) besides the group's, and the cgroup is removed when the run has
// ended. Everything else is as without them, which is (RLIMIT_AS and the sampled memory kill
// with rlimits only): the child calls setpgid(0, 0) and execs the request's argv with stdin /dev/null,
// stdout and stderr to the request's files, RLIMIT_CORE 0, RLIMIT_AS = the memory limit (at least
// kAddressSpaceFloorMb: below it the dynamic loader itself fails, with SIGSEGV or exit 127, where
// craig, which applies its own --memory once started, answers with its memory-limit answer) and
// RLIMIT_CPU = the time limit + 1 s (hard + 3 s: SIGXCPU, then SIGKILL), which every process of
// the run inherits. Every 100 ms the parent samples the whole group (group_usage.hpp, or the
// cgroup) and kills
// it (SIGKILL to the group) when its CPU time exceeds the time limit (Termination::CpuTime), its
// resident memory the memory limit (Memory), or the wall clock its wall-clock limit (WallTime:
// RunRequest::walltime, or without one the time limit + kWallGrace).
// When the run's first process ends, what is left of its group is killed. The measurement:
// exit code or signal, CPU time (wait4's rusage: the process and the children it reaped, or the
// group's last sample when larger), wall time, peak memory (the larger of wait4's ru_maxrss and
// the group's largest sampled resident memory), and the start time. A run whose exec fails is
// Termination::FailedToStart (a run cgroup that cannot be made throws std::runtime_error: the
// machine, not the run). When `stop` returns true no run is started any more and the
// running ones are killed (Termination::Interrupted).
//
// Single-threaded: `done` is called on the caller's thread, in the order runs end.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace craig::bench {

class Cgroup2Tree;

// How runs are isolated: Auto = Cgroup2 where usable, else Rlimits.
enum class Isolation : std::uint8_t { Auto, Cgroup2, Rlimits };
std::string_view isolation_name(Isolation i);  // auto, cgroup2, rlimits
std::optional<Isolation> parse_isolation(std::string_view s);

struct RunRequest {
    std::vector<std::string> argv;  // argv[0]: the program's path
    std::string stdout_path, stderr_path;
    std::string folder;            // the run's folder (the files of run_request_file.hpp; other executors)
    double timeout = 0;            // seconds of CPU time (and wall clock, see walltime), 0 = none
    double walltime = 0;           // seconds of wall clock, 0 = timeout + kWallGrace (none without timeout)
    std::uint64_t memory_mb = 0;   // 0 = none
    Isolation isolation = Isolation::Auto;  // what a worker (craig bench execute) opens; LocalExecutor has its own
};

enum class Termination : std::uint8_t { None, CpuTime, WallTime, Memory, Interrupted, FailedToStart };

struct Measurement {
    int exit_code = -1;  // -1 when the process was ended by a signal
    int signal = 0;
    double cpu_seconds = 0, wall_seconds = 0;
    std::uint64_t memory_bytes = 0;
    Termination killed = Termination::None;  // what the executor ended the run for
    std::string started;                     // ISO 8601
    std::string host;                        // the machine the run was made on
};

// How a benchmark's runs are made (local here; executor.hpp: GNU parallel, Slurm). `run` calls
// done(i, m) once per request that was made, in the order runs end; after `stop` returned true
// the runs still missing get Termination::Interrupted or no call at all.
class Executor {
public:
    virtual ~Executor() = default;
    virtual void run(const std::vector<RunRequest>& requests,
                     const std::function<void(std::size_t, const Measurement&)>& done,
                     const std::function<bool()>& stop) const = 0;
};

class LocalExecutor final : public Executor {
public:
    // `cgroups`: where the runs' cgroups are made (open_cgroups); null: rlimits and /proc.
    explicit LocalExecutor(unsigned jobs, std::shared_ptr<const Cgroup2Tree> cgroups = nullptr)
        : jobs_(jobs ? jobs : 1), cgroups_(std::move(cgroups)) {}

    void run(const std::vector<RunRequest>& requests, const std::function<void(std::size_t, const Measurement&)>& done,
             const std::function<bool()>& stop) const override;
    Isolation isolation() const { return cgroups_ ? Isolation::Cgroup2 : Isolation::Rlimits; }

private:
    unsigned jobs_;
    std::shared_ptr<const Cgroup2Tree> cgroups_;
};

// The cgroups `wanted` asks for on this machine (/proc/self/mountinfo, /proc/self/cgroup): for
// Cgroup2 and Auto the tree when cgroups v2 are usable, else null and `why` says what is missing
// (the caller refuses Cgroup2 then); null for Rlimits.
std::shared_ptr<const Cgroup2Tree> open_cgroups(Isolation wanted, std::string* why);

// The smallest RLIMIT_AS a run starts under (MiB).
constexpr std::uint64_t kAddressSpaceFloorMb = 64;

// The wall-clock allowance past the time limit before a run is killed.
constexpr double kWallGrace = 2.0;

}  // namespace craig::bench
