#include <doctest/doctest.h>

#include <chrono>
#include <fstream>
#include <sstream>

#include "bench/local_executor.hpp"
#include "temp_dir.hpp"

using namespace craig::bench;
using craig::bench::test::TempDir;

namespace {

std::vector<Measurement> run_all(const std::vector<RunRequest>& rs, unsigned jobs) {
    std::vector<Measurement> ms(rs.size());
    LocalExecutor(jobs).run(rs, [&](std::size_t i, const Measurement& m) { ms[i] = m; }, [] { return false; });
    return ms;
}

RunRequest shell(const TempDir& d, const std::string& name, const std::string& script, double timeout = 0) {
    RunRequest r;
    r.argv = {"/bin/sh", "-c", script};
    r.stdout_path = d.path() + "/" + name + ".out";
    r.stderr_path = d.path() + "/" + name + ".err";
    r.timeout = timeout;
    return r;
}

std::string read(const std::string& p) {
    std::ifstream in(p);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

}  // namespace

TEST_CASE("the executor keeps each run's output and exit code; a missing program does not start") {
    TempDir d;
    RunRequest missing = shell(d, "m", "");
    missing.argv = {d.path() + "/no-such-program"};
    const std::vector<Measurement> ms = run_all({shell(d, "a", "echo out; echo err >&2; exit 3"), missing}, 2);
    CHECK(ms[0].exit_code == 3);
    CHECK(ms[0].killed == Termination::None);
    CHECK(read(d.path() + "/a.out") == "out\n");
    CHECK(read(d.path() + "/a.err") == "err\n");
    CHECK(ms[1].killed == Termination::FailedToStart);
}

TEST_CASE("the CPU-time limit holds for the whole process group, children included") {
    TempDir d;
    const auto t0 = std::chrono::steady_clock::now();
    // Two busy children in the background, the shell waits: the group's CPU time crosses 0.5 s.
    const std::vector<Measurement> ms =
        run_all({shell(d, "busy", "(while :; do :; done) & (while :; do :; done) & wait", 0.5)}, 1);
    const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    CHECK(ms[0].killed == Termination::CpuTime);
    CHECK(ms[0].signal != 0);
    CHECK(wall < 5);
}

TEST_CASE("the wall-clock limit ends a run that sleeps") {
    TempDir d;
    const std::vector<Measurement> ms = run_all({shell(d, "sleep", "sleep 30", 0.2)}, 1);
    CHECK(ms[0].killed == Termination::WallTime);
    CHECK(ms[0].wall_seconds >= 0.2 + kWallGrace);
    CHECK(ms[0].wall_seconds < 0.2 + kWallGrace + 2);
}
