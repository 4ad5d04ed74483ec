#include "bench/local_executor.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstring>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <thread>

#include "bench/cgroup2.hpp"
#include "bench/environment.hpp"
#include "bench/group_usage.hpp"

namespace craig::bench {

namespace {

using Clock = std::chrono::steady_clock;

struct Running {
    std::size_t index = 0;
    pid_t pid = -1;
    Clock::time_point start, last_sample;
    Measurement m;
    double sampled_cpu = 0;
    std::optional<RunCgroup> cgroup;  // with cgroups v2
};

double seconds(const timeval& t) { return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_usec) / 1e6; }

// Everything the child needs, made before the fork: between fork and exec only
// async-signal-safe calls.
struct Prepared {
    std::vector<std::string> args;
    std::vector<char*> argv;
    std::string out, err;
    rlimit cpu{RLIM_INFINITY, RLIM_INFINITY}, as{RLIM_INFINITY, RLIM_INFINITY};
    pid_t parent = 0;
    int join_fd = -1;  // the run cgroup's cgroup.procs, -1 without cgroups
};

// Writes this process's pid to `fd` (async-signal-safe); false when the kernel refuses it.
bool join(int fd) {
    char digits[24];
    std::size_t n = 0;
    for (auto pid = static_cast<unsigned long>(getpid()); pid > 0 || n == 0; pid /= 10)
        digits[sizeof digits - 1 - n++] = static_cast<char>('0' + pid % 10);
    return write(fd, digits + sizeof digits - n, n) == static_cast<ssize_t>(n);
}

// `with_cgroup`: the memory limit is the cgroup's (memory.max), no RLIMIT_AS.
Prepared prepare(const RunRequest& r, bool with_cgroup) {
    Prepared p;
    p.args = r.argv;
    for (std::string& a : p.args) p.argv.push_back(a.data());
    p.argv.push_back(nullptr);
    p.out = r.stdout_path;
    p.err = r.stderr_path;
    p.parent = getpid();
    if (r.timeout > 0) {
        const auto soft = static_cast<rlim_t>(std::ceil(r.timeout)) + 1;
        p.cpu = {soft, soft + 3};
    }
    if (r.memory_mb > 0 && !with_cgroup) {
        const rlim_t bytes = static_cast<rlim_t>(std::max(r.memory_mb, kAddressSpaceFloorMb)) * 1024 * 1024;
        p.as = {bytes, bytes};
    }
    return p;
}

[[noreturn]] void child(const Prepared& p, int report_fd) {
    if (p.join_fd >= 0 && !join(p.join_fd)) {
        const int e = errno;
        (void)!write(report_fd, &e, sizeof e);
        _exit(127);
    }
    setpgid(0, 0);
    // The run dies with the executor (a `craig bench execute` worker that Slurm or GNU parallel
    // kills, a driver killed by its user): it is in a process group of its own, out of their reach.
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() != p.parent) _exit(127);
    const rlimit no_core{0, 0};
    setrlimit(RLIMIT_CORE, &no_core);
    setrlimit(RLIMIT_CPU, &p.cpu);
    setrlimit(RLIMIT_AS, &p.as);
    const int in = open("/dev/null", O_RDONLY);
    const int out = open(p.out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    const int err = open(p.err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (in < 0 || out < 0 || err < 0 || dup2(in, 0) < 0 || dup2(out, 1) < 0 || dup2(err, 2) < 0) {
        const int e = errno;
        (void)!write(report_fd, &e, sizeof e);
        _exit(127);
    }
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, nullptr);
    execv(p.argv[0], p.argv.data());
    const int e = errno;
    (void)!write(report_fd, &e, sizeof e);
    _exit(127);
}

// Starts request `r` (in a cgroup of `cgroups` when there is one); false (and `m.killed`
// FailedToStart) when fork or exec fails; std::runtime_error when its cgroup cannot be made.
bool start(const RunRequest& r, const Cgroup2Tree* cgroups, Running& run) {
    run.m.started = iso_time_now();
    run.m.host = host_name();
    run.start = run.last_sample = Clock::now();
    std::string why;
    if (cgroups && !(run.cgroup = cgroups->make_run(r.memory_mb, &why))) throw std::runtime_error(why);
    Prepared p = prepare(r, cgroups != nullptr);
    if (run.cgroup && (p.join_fd = run.cgroup->open_procs()) < 0)
        throw std::runtime_error("cannot open " + run.cgroup->path() + "/cgroup.procs: " + std::strerror(errno));
    int fds[2];
    if (pipe2(fds, O_CLOEXEC) != 0) {
        if (p.join_fd >= 0) close(p.join_fd);
        run.m.killed = Termination::FailedToStart;
        return false;
    }
    const pid_t pid = fork();
    if (pid == 0) {
        close(fds[0]);
        child(p, fds[1]);
    }
    if (p.join_fd >= 0) close(p.join_fd);
    close(fds[1]);
    if (pid < 0) {
        close(fds[0]);
        run.m.killed = Termination::FailedToStart;
        return false;
    }
    setpgid(pid, pid);  // as the child does: the group exists before the parent signals it
    int e = 0;
    ssize_t n;
    while ((n = read(fds[0], &e, sizeof e)) < 0 && errno == EINTR) {
    }
    close(fds[0]);
    run.pid = pid;
    if (n > 0) {  // exec failed: reap the child
        int status = 0;
        waitpid(pid, &status, 0);
        run.m.killed = Termination::FailedToStart;
        return false;
    }
    return true;
}

// The run's process group, and its cgroup when it has one.
void kill_run(const Running& run) {
    kill(-run.pid, SIGKILL);
    if (run.cgroup) run.cgroup->kill();
}

// Whether the run ended; then its measurement is complete.
bool finished(Running& run) {
    int status = 0;
    rusage ru{};
    const pid_t got = wait4(run.pid, &status, WNOHANG, &ru);
    if (got != run.pid) return false;
    kill_run(run);  // what is left of the group
    run.m.wall_seconds = std::chrono::duration<double>(Clock::now() - run.start).count();
    if (run.cgroup) {  // the whole of the run, reaped or not; then the cgroup goes
        const CgroupReading c = run.cgroup->read();
        run.sampled_cpu = std::max(run.sampled_cpu, c.cpu_seconds.value_or(0));
        run.m.memory_bytes = std::max(run.m.memory_bytes, c.memory_bytes);
        if (c.oom_kills > 0 && run.m.killed == Termination::None) run.m.killed = Termination::Memory;
        run.cgroup.reset();
    }
    run.m.cpu_seconds = std::max(seconds(ru.ru_utime) + seconds(ru.ru_stime), run.sampled_cpu);
    run.m.memory_bytes = std::max<std::uint64_t>(run.m.memory_bytes, static_cast<std::uint64_t>(ru.ru_maxrss) * 1024);
    if (WIFEXITED(status)) run.m.exit_code = WEXITSTATUS(status);
    if (WIFSIGNALED(status)) run.m.signal = WTERMSIG(status);
    return true;
}

// What the run uses now: its cgroup's CPU time and memory, or its process group's (/proc).
GroupUsage sample(const Running& run) {
    if (!run.cgroup) return sample_group(run.pid);
    const CgroupReading c = run.cgroup->read();
    return {c.cpu_seconds.value_or(0), c.memory_bytes, 0};
}

// Samples the run and kills it at a limit (with a cgroup, the kernel holds it to its memory).
void police(Running& run, const RunRequest& r) {
    if (run.m.killed != Termination::None || Clock::now() - run.last_sample < std::chrono::milliseconds(100)) return;
    run.last_sample = Clock::now();
    const GroupUsage u = sample(run);
    run.sampled_cpu = std::max(run.sampled_cpu, u.cpu_seconds);
    run.m.memory_bytes = std::max(run.m.memory_bytes, u.rss_bytes);
    const double wall = std::chrono::duration<double>(Clock::now() - run.start).count();
    Termination why = Termination::None;
    const double wall_limit = r.walltime > 0 ? r.walltime : r.timeout > 0 ? r.timeout + kWallGrace : 0;
    if (r.timeout > 0 && u.cpu_seconds > r.timeout) why = Termination::CpuTime;
    else if (wall_limit > 0 && wall > wall_limit) why = Termination::WallTime;
    else if (!run.cgroup && r.memory_mb > 0 && u.rss_bytes > r.memory_mb * 1024 * 1024) why = Termination::Memory;
    if (why != Termination::None) {
        run.m.killed = why;
        kill_run(run);
    }
}

}  // namespace

void LocalExecutor::run(const std::vector<RunRequest>& requests,
                        const std::function<void(std::size_t, const Measurement&)>& done,
                        const std::function<bool()>& stop) const {
    std::vector<Running> running;
    std::size_t next = 0;
    bool stopping = false;
    while (next < requests.size() || !running.empty()) {
        if (!stopping && stop()) {
            stopping = true;
            for (Running& r : running) {
                r.m.killed = Termination::Interrupted;
                kill_run(r);
            }
        }
        while (!stopping && next < requests.size() && running.size() < jobs_) {
            Running r;
            r.index = next++;
            if (!start(requests[r.index], cgroups_.get(), r)) {
                done(r.index, r.m);
                continue;
            }
            running.push_back(std::move(r));
        }
        for (std::size_t i = 0; i < running.size();) {
            if (finished(running[i])) {
                done(running[i].index, running[i].m);
                running.erase(running.begin() + static_cast<std::ptrdiff_t>(i));
            } else {
                police(running[i], requests[running[i].index]);
                ++i;
            }
        }
        if (stopping && next < requests.size()) next = requests.size();  // nothing more starts
        if (!running.empty()) std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
}

std::string_view isolation_name(Isolation i) {
    switch (i) {
        case Isolation::Auto: return "auto";
        case Isolation::Cgroup2: return "cgroup2";
        case Isolation::Rlimits: return "rlimits";
    }
    return "auto";
}

std::optional<Isolation> parse_isolation(std::string_view s) {
    for (Isolation i : {Isolation::Auto, Isolation::Cgroup2, Isolation::Rlimits})
        if (s == isolation_name(i)) return i;
    return std::nullopt;
}

std::shared_ptr<const Cgroup2Tree> open_cgroups(Isolation wanted, std::string* why) {
    if (wanted == Isolation::Rlimits) return nullptr;
    auto text = [](const char* path) {
        std::ifstream in(path);
        std::ostringstream s;
        s << in.rdbuf();
        return s.str();
    };
    const std::optional<Cgroup2Place> at = find_cgroup2(text("/proc/self/mountinfo"), text("/proc/self/cgroup"), why);
    if (!at) return nullptr;
    return Cgroup2Tree::open(at->root, at->own, getpid(), why);
}

}  // namespace craig::bench
