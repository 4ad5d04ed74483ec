// Cgroups v2 for the runs of the local executor (local_executor.hpp), as BenchExec's runexec uses
// them: each run in a fresh cgroup of its own, its memory limit the kernel's (memory.max, no
// swap), its CPU time and peak memory the cgroup's whole, killed as one.
//
//   std::optional<Cgroup2Place> at = find_cgroup2(mountinfo_text, proc_self_cgroup_text, &why);
//   std::unique_ptr<Cgroup2Tree> t = Cgroup2Tree::open(at->root, at->own, getpid(), &why);  // null: why
//   std::optional<RunCgroup> c = t->make_run(memory_mb, &why);  // ROOT/OWN/craig-run-XXXXXX
//   int fd = c->open_procs();         // the child writes its pid to it between fork and exec
//   CgroupReading r = c->read();      // cpu.stat usage_usec, memory.peak, memory.events oom_kill
//   c->kill();                        // cgroup.kill, or SIGKILL to every pid of cgroup.procs
//   // ~RunCgroup kills what is left and removes the cgroup
//
// Cgroup2Tree::open(ROOT, OWN, SELF): ROOT is the cgroup2 mount (a parameter, so that tests run
// the protocol on a fake tree of ordinary files), OWN this process's cgroup. ROOT/OWN's
// cgroup.controllers must list cpu and memory. When its cgroup.subtree_control lists both, the
// runs' cgroups are made there and nothing else changes. Otherwise (the "no internal processes"
// rule: a cgroup that hands controllers to its children holds no process), its cgroup.procs must
// list SELF only: SELF moves into a leaf ROOT/OWN/craig-bench-SELF and "+cpu +memory" is
// written to subtree_control; the destructor undoes both. Files are written as a shell's `>`
// does (created when missing, in a fake tree); memory.swap.max and memory.oom.group are written
// where the kernel has them. A directory that holds ordinary files (a fake tree) is emptied before
// it is removed. Errors are sentences naming the file or what is missing.
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

namespace craig::bench {

struct Cgroup2Place {
    std::string root;  // the cgroup2 mount point, e.g. /sys/fs/cgroup
    std::string own;   // this process's cgroup below it, e.g. /user.slice/x.scope ("/" for the root)
};

// From the texts of /proc/self/mountinfo and /proc/self/cgroup; nullopt and `why` when there is
// no cgroup2 mount or no "0::" line (or one outside the mount: a cgroup namespace's "/..").
std::optional<Cgroup2Place> find_cgroup2(const std::string& mountinfo, const std::string& proc_cgroup,
                                         std::string* why);

struct CgroupReading {
    std::optional<double> cpu_seconds;  // cpu.stat usage_usec
    std::uint64_t memory_bytes = 0;     // memory.peak, else memory.current (0 without either)
    std::uint64_t oom_kills = 0;        // memory.events oom_kill
};

// One run's cgroup, removed in the destructor (after killing what is in it). Move-only.
class RunCgroup {
public:
    // A fresh cgroup below `parent`: memory.max = memory_mb MiB (0: left unlimited), memory.swap.max
    // 0, memory.oom.group 1; nullopt and `why` when it cannot be made.
    static std::optional<RunCgroup> make(const std::string& parent, std::uint64_t memory_mb, std::string* why);

    RunCgroup(RunCgroup&& o) noexcept : path_(std::move(o.path_)) { o.path_.clear(); }
    RunCgroup& operator=(RunCgroup&& o) noexcept;
    RunCgroup(const RunCgroup&) = delete;
    RunCgroup& operator=(const RunCgroup&) = delete;
    ~RunCgroup() { remove(); }

    const std::string& path() const { return path_; }
    // cgroup.procs opened for writing (O_CLOEXEC; the caller closes it), -1 when it cannot be.
    int open_procs() const;
    CgroupReading read() const;
    void kill() const;

private:
    explicit RunCgroup(std::string path) : path_(std::move(path)) {}
    void remove();
    std::string path_;
};

// The cgroup the runs' cgroups are made in (see above). Neither copied nor moved: held by pointer.
class Cgroup2Tree {
public:
    static std::unique_ptr<Cgroup2Tree> open(const std::string& root, const std::string& own, pid_t self,
                                             std::string* why);
    Cgroup2Tree(const Cgroup2Tree&) = delete;
    Cgroup2Tree& operator=(const Cgroup2Tree&) = delete;
    ~Cgroup2Tree();

    const std::string& dir() const { return dir_; }
    std::optional<RunCgroup> make_run(std::uint64_t memory_mb, std::string* why) const {
        return RunCgroup::make(dir_, memory_mb, why);
    }

private:
    Cgroup2Tree(std::string dir, std::string leaf, std::string enabled, pid_t self)
        : dir_(std::move(dir)), leaf_(std::move(leaf)), enabled_(std::move(enabled)), self_(self) {}
    std::string dir_;
    std::string leaf_;     // where this process was moved to, "" when it was not
    std::string enabled_;  // what was written to subtree_control ("+cpu +memory"), "" for nothing
    pid_t self_;
};

}  // namespace craig::bench
