// Executors that hand a benchmark's runs to another program, for runs spread over machines that
// share the file system: `--executor parallel` (GNU parallel; --hosts FILE is its --sshloginfile,
// ":" in it is this machine) and `--executor slurm` (one sbatch job array, `chunk` runs per array
// element, at most `jobs` elements at once). Either way each run is made by a worker,
// `craig bench execute FOLDER` (run_folder_worker.hpp), with the local executor's limits and
// measurement, so the results equal the local executor's; the driver writes each request's file
// (run_request_file.hpp), starts the launcher in a process group of its own (its output in
// WORK/launcher.log), and reports each run as its measurement file appears. When the launcher
// ends, a run without a measurement is FailedToStart (a lost worker); on `stop` the launcher is
// cancelled (scancel for Slurm, SIGTERM then SIGKILL to its group) and the missing runs get no
// report (--resume makes them). WORK (the results folder's executor/ folder) keeps the list of run
// folders, the Slurm job script and its per-element output.
//
//   ExternalExecutor ex(Launcher::Parallel, {"/usr/bin/craig", 2, "", 0, "", dir + "/executor"});
//   ex.run(requests, done, stop);
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "bench/local_executor.hpp"

namespace craig::bench {

struct ExternalSettings {
    std::string craig;   // the worker: an absolute path to a craig binary every host can run
    unsigned jobs = 1;   // runs at once (parallel: per host)
    std::string hosts;   // parallel: the --sshloginfile, "" = this machine only
    unsigned chunk = 0;  // slurm: runs per array element, 0 = enough for at most 1000 elements
    std::string partition;  // slurm: "" = the cluster's default partition
    std::string work;    // the folder of the executor's own files
};

enum class Launcher : std::uint8_t { Parallel, Slurm };

class ExternalExecutor final : public Executor {
public:
    ExternalExecutor(Launcher l, ExternalSettings s) : launcher_(l), s_(std::move(s)) {}
    void run(const std::vector<RunRequest>& requests, const std::function<void(std::size_t, const Measurement&)>& done,
             const std::function<bool()>& stop) const override;

private:
    void run_parallel(const std::vector<RunRequest>& requests,
                      const std::function<void(std::size_t, const Measurement&)>& done,
                      const std::function<bool()>& stop) const;
    void run_slurm(const std::vector<RunRequest>& requests,
                   const std::function<void(std::size_t, const Measurement&)>& done,
                   const std::function<bool()>& stop) const;

    Launcher launcher_;
    ExternalSettings s_;
};

// The Slurm job script of `folders` (a file with one run folder per line, `count` of them);
// `wall` is one run's wall-clock allowance in seconds (0 = none), `memory_mb` its memory limit.
std::string slurm_job_script(const ExternalSettings& s, const std::string& folders, std::size_t count, double wall,
                             std::uint64_t memory_mb, const std::string& job_name);

}  // namespace craig::bench
