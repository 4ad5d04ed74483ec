#include "bench/external_executor.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <thread>

#include "bench/run_request_file.hpp"

namespace craig::bench {

namespace fs = std::filesystem;

namespace {

using Clock = std::chrono::steady_clock;

std::string shell_quote(const std::string& s) {
    std::string q = "'";
    for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return q + "'";
}

// Writes every request's file (this binary named by its real path, which the workers can run) and
// WORK/folders.txt; returns the folders in request order.
std::vector<std::string> hand_over(const std::vector<RunRequest>& requests, const std::string& work) {
    std::error_code ec;
    fs::create_directories(work, ec);
    std::ofstream list(fs::path(work) / "folders.txt");
    std::vector<std::string> folders;
    for (RunRequest r : requests) {
        if (r.folder.empty()) throw std::logic_error("external executor: a request without its folder");
        if (!r.argv.empty() && r.argv[0] == "/proc/self/exe") r.argv[0] = fs::read_symlink("/proc/self/exe", ec).string();
        fs::remove(fs::path(r.folder) / kMeasurementFile, ec);  // what an interrupted run left
        if (!write_request(r)) throw std::runtime_error("cannot write " + r.folder + "/" + kRequestFile);
        list << fs::absolute(r.folder).string() << "\n";
        folders.push_back(r.folder);
    }
    if (!list.flush()) throw std::runtime_error("cannot write " + (fs::path(work) / "folders.txt").string());
    return folders;
}

// Starts `argv` in a process group of its own, output to `log`; -1 when it cannot be started.
pid_t launch(const std::vector<std::string>& argv, const std::string& log) {
    std::vector<std::string> args = argv;
    std::vector<char*> cargv;
    for (std::string& a : args) cargv.push_back(a.data());
    cargv.push_back(nullptr);
    const pid_t parent = getpid();
    const pid_t pid = fork();
    if (pid == 0) {
        setpgid(0, 0);
        prctl(PR_SET_PDEATHSIG, SIGTERM);
        if (getppid() != parent) _exit(127);
        const int in = open("/dev/null", O_RDONLY);
        const int out = open(log.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
        if (in < 0 || out < 0 || dup2(in, 0) < 0 || dup2(out, 1) < 0 || dup2(out, 2) < 0) _exit(127);
        sigset_t none;
        sigemptyset(&none);
        sigprocmask(SIG_SETMASK, &none, nullptr);
        execvp(cargv[0], cargv.data());
        _exit(127);
    }
    if (pid > 0) setpgid(pid, pid);
    return pid;
}

// Runs `argv` to its end (output to `log`); its exit status, -1 when it could not run.
int run_to_end(const std::vector<std::string>& argv, const std::string& log) {
    const pid_t pid = launch(argv, log);
    if (pid < 0) return -1;
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

void end_group(pid_t pid) {
    kill(-pid, SIGTERM);
    const auto until = Clock::now() + std::chrono::seconds(10);
    int status = 0;
    while (Clock::now() < until) {
        if (waitpid(pid, &status, WNOHANG) == pid) {
            kill(-pid, SIGKILL);  // what is left of its group
            return;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    kill(-pid, SIGKILL);
    waitpid(pid, &status, 0);
}

// The driver's side of an external executor: starts the launcher, reports the runs as their
// measurements appear, and cancels with `cancel` (then the launcher's group) on `stop`.
void run_through(const std::vector<RunRequest>& requests, const std::vector<std::string>& folders,
                 const std::vector<std::string>& launcher, const std::vector<std::string>& cancel,
                 const std::string& work, const std::function<void(std::size_t, const Measurement&)>& done,
                 const std::function<bool()>& stop) {
    const std::string log = (fs::path(work) / "launcher.log").string();
    std::vector<bool> reported(requests.size(), false);
    std::size_t left = requests.size();
    auto scan = [&] {
        for (std::size_t i = 0; i < folders.size(); ++i)
            if (!reported[i])
                if (const std::optional<Measurement> m = read_measurement(folders[i])) {
                    reported[i] = true;
                    --left;
                    done(i, *m);
                }
    };
    const pid_t pid = launch(launcher, log);
    bool ended = pid < 0;
    while (!ended && left > 0) {
        if (stop()) {
            if (!cancel.empty()) run_to_end(cancel, log);
            end_group(pid);
            scan();
            return;
        }
        int status = 0;
        ended = waitpid(pid, &status, WNOHANG) == pid;
        scan();
        if (!ended && left > 0) std::this_thread::sleep_for(std::chrono::milliseconds(200));
    }
    if (!ended) end_group(pid);  // every run is in; a launcher still waiting is not needed
    scan();
    for (std::size_t i = 0; i < requests.size(); ++i)
        if (!reported[i]) {  // its worker was lost: say so in the run's own error output
            std::ofstream(requests[i].stderr_path, std::ios::app)
                << "craig bench: the executor's worker left no measurement of this run (see " << log << ")\n";
            Measurement m;
            m.killed = Termination::FailedToStart;
            done(i, m);
        }
}

std::string unique_job_name() {
    std::ostringstream s;
    s << "craig-bench-" << getpid() << "-"
      << std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
             .count();
    return s.str();
}

}  // namespace

void ExternalExecutor::run(const std::vector<RunRequest>& requests,
                           const std::function<void(std::size_t, const Measurement&)>& done,
                           const std::function<bool()>& stop) const {
    if (requests.empty()) return;
    if (launcher_ == Launcher::Parallel) run_parallel(requests, done, stop);
    else run_slurm(requests, done, stop);
}

void ExternalExecutor::run_parallel(const std::vector<RunRequest>& requests,
                                    const std::function<void(std::size_t, const Measurement&)>& done,
                                    const std::function<bool()>& stop) const {
    const std::vector<std::string> folders = hand_over(requests, s_.work);
    std::vector<std::string> argv = {"parallel", "--will-cite", "--jobs", std::to_string(s_.jobs ? s_.jobs : 1),
                                     "--halt", "never"};
    if (!s_.hosts.empty()) argv.insert(argv.end(), {"--sshloginfile", fs::absolute(s_.hosts).string()});
    argv.insert(argv.end(), {"-a", (fs::path(s_.work) / "folders.txt").string(), s_.craig, "bench", "execute"});
    run_through(requests, folders, argv, {}, s_.work, done, stop);
}

std::string slurm_job_script(const ExternalSettings& s, const std::string& folders, std::size_t count, double wall,
                             std::uint64_t memory_mb, const std::string& job_name) {
    const std::size_t chunk = s.chunk ? s.chunk : std::max<std::size_t>(1, (count + 999) / 1000);
    const std::size_t elements = (count + chunk - 1) / chunk;
    std::ostringstream o;
    o << "#!/bin/sh\n"
      << "#SBATCH --job-name=" << job_name << "\n"
      << "#SBATCH --array=0-" << (elements ? elements - 1 : 0) << "%" << (s.jobs ? s.jobs : 1) << "\n"
      << "#SBATCH --ntasks=1\n#SBATCH --cpus-per-task=1\n"
      << "#SBATCH --output=" << (fs::path(s.work) / "slurm-%A_%a.out").string() << "\n";
    if (!s.partition.empty()) o << "#SBATCH --partition=" << s.partition << "\n";
    if (memory_mb > 0) o << "#SBATCH --mem=" << memory_mb + 512 << "M\n";  // the worker's own share on top
    if (wall > 0) {
        const double seconds = static_cast<double>(chunk) * (wall + 10) + 60;
        o << "#SBATCH --time=" << static_cast<long>(std::ceil(seconds / 60)) << "\n";
    }
    o << "# craig bench run: " << count << " runs, " << chunk << " per array element\n"
      << "first=$((SLURM_ARRAY_TASK_ID * " << chunk << " + 1))\n"
      << "last=$((first + " << chunk - 1 << "))\n"
      << "sed -n \"${first},${last}p\" " << shell_quote(folders) << " | while IFS= read -r folder; do\n"
      << "  " << shell_quote(s.craig) << " bench execute \"$folder\"\n"
      << "done\n";
    return o.str();
}

void ExternalExecutor::run_slurm(const std::vector<RunRequest>& requests,
                                 const std::function<void(std::size_t, const Measurement&)>& done,
                                 const std::function<bool()>& stop) const {
    const std::vector<std::string> folders = hand_over(requests, s_.work);
    const RunRequest& first = requests.front();
    const double wall = first.walltime > 0 ? first.walltime : first.timeout > 0 ? first.timeout + kWallGrace : 0;
    const std::string name = unique_job_name();
    const fs::path script = fs::path(s_.work) / "job.sh";
    {
        std::ofstream out(script);
        out << slurm_job_script(s_, fs::absolute(fs::path(s_.work) / "folders.txt").string(), requests.size(), wall,
                                first.memory_mb, name);
        if (!out.flush()) throw std::runtime_error("cannot write " + script.string());
    }
    run_through(requests, folders, {"sbatch", "--wait", "--parsable", script.string()}, {"scancel", "--name", name},
                s_.work, done, stop);
}

}  // namespace craig::bench
