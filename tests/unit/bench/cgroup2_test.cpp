// The cgroups v2 protocol (bench/cgroup2.hpp) on fake trees of ordinary files: what is written
// where, what the readings become, what is removed. Real enforcement: tests/cli/bench_cgroup2.sh.
#include <doctest/doctest.h>

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "bench/cgroup2.hpp"
#include "bench/local_executor.hpp"
#include "temp_dir.hpp"

using namespace craig::bench;
using craig::bench::test::TempDir;
namespace fs = std::filesystem;

namespace {

std::string read(const std::string& p) {
    std::ifstream in(p);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

const std::string kSelf = std::to_string(getpid());

// A fake cgroup ROOT/own as the kernel shows it: controllers, subtree_control, procs.
void fake_cgroup(const TempDir& d, const std::string& controllers, const std::string& subtree,
                 const std::string& procs) {
    d.write("own/cgroup.controllers", controllers + "\n");
    d.write("own/cgroup.subtree_control", subtree.empty() ? "" : subtree + "\n");
    d.write("own/cgroup.procs", procs);
}

std::size_t run_cgroups(const std::string& dir) {
    std::size_t n = 0;
    for (const auto& e : fs::directory_iterator(dir)) n += e.path().filename().string().rfind("craig-run-", 0) == 0;
    return n;
}

}  // namespace

TEST_CASE("the cgroup2 mount and this process's cgroup come from mountinfo and /proc/self/cgroup") {
    const std::string mountinfo =
        "31 23 0:28 / /sys/fs/cgroup rw,relatime - tmpfs tmpfs rw,mode=755\n"
        "35 31 0:32 / /sys/fs/cgroup/memory rw,relatime - cgroup cgroup rw,memory\n"
        "41 31 0:38 / /sys/fs/cgroup/my\\040tree rw,relatime shared:9 - cgroup2 cgroup2 rw\n";
    std::string why;
    const std::optional<Cgroup2Place> p = find_cgroup2(mountinfo, "4:memory:/x\n0::/user.slice/a.scope\n", &why);
    REQUIRE(p);
    CHECK(p->root == "/sys/fs/cgroup/my tree");
    CHECK(p->own == "/user.slice/a.scope");
    CHECK_FALSE(find_cgroup2(mountinfo.substr(0, mountinfo.rfind("41 ")), "0::/\n", &why));
    CHECK(why.find("no cgroup2 file system") != std::string::npos);
    CHECK_FALSE(find_cgroup2(mountinfo, "4:memory:/x\n", &why));
    CHECK(why.find("0::") != std::string::npos);
    CHECK_FALSE(find_cgroup2(mountinfo, "0::/../elsewhere\n", &why));
    CHECK(why.find("outside") != std::string::npos);
}

TEST_CASE("craig moves into a leaf of its cgroup and hands cpu and memory to the runs; undone at the end") {
    TempDir d;
    fake_cgroup(d, "cpuset cpu io memory pids", "", kSelf + "\n");
    const std::string own = d.path() + "/own", leaf = own + "/craig-bench-" + kSelf;
    {
        std::string why;
        const std::unique_ptr<Cgroup2Tree> t = Cgroup2Tree::open(d.path(), "/own", getpid(), &why);
        REQUIRE_MESSAGE(t, why);
        CHECK(t->dir() == own);
        CHECK(read(leaf + "/cgroup.procs") == kSelf);
        CHECK(read(own + "/cgroup.subtree_control") == "+cpu +memory");
    }
    CHECK(read(own + "/cgroup.subtree_control") == "-cpu -memory");
    CHECK(read(own + "/cgroup.procs") == kSelf);
    CHECK_FALSE(fs::exists(leaf));
}

TEST_CASE("a cgroup that hands cpu and memory to its children already is used as it is") {
    TempDir d;
    fake_cgroup(d, "cpu memory", "cpu io memory", "");
    std::string why;
    {
        const std::unique_ptr<Cgroup2Tree> t = Cgroup2Tree::open(d.path(), "/own", getpid(), &why);
        REQUIRE_MESSAGE(t, why);
    }
    CHECK(read(d.path() + "/own/cgroup.subtree_control") == "cpu io memory\n");
    CHECK_FALSE(fs::exists(d.path() + "/own/craig-bench-" + kSelf));
}

TEST_CASE("without the memory controller, or with other processes in the cgroup, cgroups v2 are refused") {
    TempDir d;
    std::string why;
    fake_cgroup(d, "cpu io pids", "", kSelf);
    CHECK_FALSE(Cgroup2Tree::open(d.path(), "/own", getpid(), &why));
    CHECK(why.find("offers no memory controller") != std::string::npos);
    fake_cgroup(d, "cpu memory", "", "1\n" + kSelf + "\n");
    CHECK_FALSE(Cgroup2Tree::open(d.path(), "/own", getpid(), &why));
    CHECK(why.find("holds other processes than craig (1)") != std::string::npos);
    CHECK(read(d.path() + "/own/cgroup.subtree_control").empty());
    CHECK_FALSE(Cgroup2Tree::open(d.path(), "/missing", getpid(), &why));
    CHECK(why.find("cgroup.controllers") != std::string::npos);
}

TEST_CASE("a run's cgroup: memory.max, no swap, one OOM group; its readings; removed at the end") {
    TempDir d;
    std::string why, path;
    {
        std::optional<RunCgroup> c = RunCgroup::make(d.path(), 100, &why);
        REQUIRE_MESSAGE(c, why);
        path = c->path();
        CHECK(fs::path(path).parent_path() == fs::path(d.path()));
        CHECK(fs::path(path).filename().string().rfind("craig-run-", 0) == 0);
        CHECK(read(path + "/memory.max") == "104857600");
        CHECK(read(path + "/memory.swap.max") == "0");
        CHECK(read(path + "/memory.oom.group") == "1");
        d.write(fs::path(path).filename().string() + "/memory.current", "4096\n");
        CHECK(c->read().memory_bytes == 4096);  // without memory.peak (before Linux 5.19)
        CHECK_FALSE(c->read().cpu_seconds);
        d.write(fs::path(path).filename().string() + "/cpu.stat", "usage_usec 2500000\nuser_usec 2000000\n");
        d.write(fs::path(path).filename().string() + "/memory.peak", "987654321\n");
        d.write(fs::path(path).filename().string() + "/memory.events", "low 0\nhigh 0\nmax 7\noom 1\noom_kill 1\n");
        const CgroupReading r = c->read();
        CHECK(r.cpu_seconds == doctest::Approx(2.5));
        CHECK(r.memory_bytes == 987654321);
        CHECK(r.oom_kills == 1);
        d.write(fs::path(path).filename().string() + "/cgroup.kill", "");
        c->kill();
        CHECK(read(path + "/cgroup.kill") == "1");
        std::optional<RunCgroup> moved = std::move(c);
        CHECK(fs::exists(path));
    }
    CHECK_FALSE(fs::exists(path));
    std::optional<RunCgroup> unlimited = RunCgroup::make(d.path(), 0, &why);
    REQUIRE(unlimited);
    CHECK_FALSE(fs::exists(unlimited->path() + "/memory.max"));
}

TEST_CASE("without cgroup.kill every process of cgroup.procs gets SIGKILL") {
    TempDir d;
    std::string why;
    std::optional<RunCgroup> c = RunCgroup::make(d.path(), 0, &why);
    REQUIRE(c);
    const pid_t sleeper = fork();
    if (sleeper == 0) {
        execl("/bin/sleep", "sleep", "30", static_cast<char*>(nullptr));
        _exit(127);
    }
    d.write(fs::path(c->path()).filename().string() + "/cgroup.procs", std::to_string(sleeper) + "\n");
    c->kill();
    int status = 0;
    REQUIRE(waitpid(sleeper, &status, 0) == sleeper);
    CHECK(WIFSIGNALED(status));
    CHECK(WTERMSIG(status) == SIGKILL);
    d.write(fs::path(c->path()).filename().string() + "/cgroup.procs", "");  // the kernel's view once it is gone
}

TEST_CASE("the local executor puts each run in a cgroup of its own and measures it by the cgroup's files") {
    TempDir d;
    fake_cgroup(d, "cpu memory", "cpu memory", "");
    std::string why;
    std::shared_ptr<const Cgroup2Tree> t = Cgroup2Tree::open(d.path(), "/own", getpid(), &why);
    REQUIRE_MESSAGE(t, why);
    // The run plays the kernel: it finds its cgroup by its pid in cgroup.procs and fills the files.
    RunRequest r;
    r.argv = {"/bin/sh", "-c",
              "c=$(dirname \"$(grep -lx $$ " + d.path() + "/own/craig-run-*/cgroup.procs)\"); "
              "cat \"$c/memory.max\"; echo; ulimit -v; "
              "echo 'usage_usec 2500000' > \"$c/cpu.stat\"; echo 987654321 > \"$c/memory.peak\"; "
              "printf 'oom 1\\noom_kill 1\\n' > \"$c/memory.events\"; : > \"$c/cgroup.kill\""};
    r.stdout_path = d.path() + "/run.out";
    r.stderr_path = d.path() + "/run.err";
    r.timeout = 10;
    r.memory_mb = 100;
    Measurement m;
    const LocalExecutor ex(1, t);
    CHECK(ex.isolation() == Isolation::Cgroup2);
    ex.run({r}, [&](std::size_t, const Measurement& got) { m = got; }, [] { return false; });
    CHECK(read(r.stdout_path) == "104857600\nunlimited\n");  // memory.max, and no RLIMIT_AS
    CHECK(read(r.stderr_path).empty());
    CHECK(m.exit_code == 0);
    CHECK(m.cpu_seconds == doctest::Approx(2.5));
    CHECK(m.memory_bytes == 987654321);
    CHECK(m.killed == Termination::Memory);
    CHECK(run_cgroups(d.path() + "/own") == 0);
}

TEST_CASE("isolation names") {
    for (Isolation i : {Isolation::Auto, Isolation::Cgroup2, Isolation::Rlimits})
        CHECK(parse_isolation(isolation_name(i)) == i);
    CHECK_FALSE(parse_isolation("cgroups"));
    std::string why;
    CHECK_FALSE(open_cgroups(Isolation::Rlimits, &why));
    CHECK(why.empty());
    CHECK(LocalExecutor(1).isolation() == Isolation::Rlimits);
}
