#include <doctest/doctest.h>

#include <signal.h>

#include <filesystem>
#include <fstream>

#include "bench/external_tool.hpp"
#include "bench/manifest.hpp"
#include "bench/outcome.hpp"
#include "temp_dir.hpp"

using namespace craig::bench;
using craig::bench::test::TempDir;

namespace {

Config external(const std::string& text) {
    std::string why;
    std::optional<Config> c = parse_config(text, &why);
    REQUIRE_MESSAGE(c, why);
    return *c;
}

Measurement exited(int code, double cpu = 0.5, double wall = 0.6) {
    Measurement m;
    m.exit_code = code;
    m.cpu_seconds = cpu;
    m.wall_seconds = wall;
    return m;
}

}  // namespace

TEST_CASE("exec: configurations: the program and its arguments, nothing refused, read back from args_text") {
    const Config c = external("z3=exec:z3 fp.engine=spacer -T:{timeout}");
    CHECK(c.external());
    CHECK(c.program == "z3");
    CHECK(c.args == std::vector<std::string>{"fp.engine=spacer", "-T:{timeout}"});
    CHECK(c.args_text() == "exec:z3 fp.engine=spacer -T:{timeout}");
    CHECK(external("x=exec:/opt/s --timeout 5").args == std::vector<std::string>{"--timeout", "5"});
    CHECK(external("z3=" + c.args_text()).args == c.args);
    CHECK_FALSE(external("d=--engine bmc").external());
    std::string why;
    CHECK_FALSE(parse_config("x=exec:", &why));
    CHECK(why.find("needs a PROGRAM") != std::string::npos);
}

TEST_CASE("external command: placeholders replaced once, the file appended when no argument names it") {
    const Config c = external("s=exec:s --t={timeout}s --m={memory} {file}.in");
    CHECK(external_command(c, "/bin/s", "/tasks/a{timeout}.smt2", 9.2, 2000) ==
          std::vector<std::string>{"/bin/s", "--t=10s", "--m=2000", "/tasks/a{timeout}.smt2.in"});
    CHECK(external_command(external("z=exec:z3 -v"), "/usr/bin/z3", "/t.smt2", 0, 0) ==
          std::vector<std::string>{"/usr/bin/z3", "-v", "/t.smt2"});
    CHECK(external_command(external("z=exec:z3 -T:{timeout}"), "/usr/bin/z3", "/t.smt2", 60, 0)[1] == "-T:60");
}

TEST_CASE("programs: found on PATH or by path, identified by sha256 and the first --version line") {
    TempDir dir;
    const std::string path = dir.path() + "/solver";
    std::ofstream(path) << "#!/bin/sh\necho 'solver 2.1'\necho more\n";
    std::filesystem::permissions(path, std::filesystem::perms::owner_all);
    CHECK(find_program(path) == path);
    CHECK_FALSE(find_program(dir.path() + "/none"));
    CHECK_FALSE(find_program("no-such-program-of-craig-tests"));
    CHECK(find_program("sh").has_value());
    const ProgramIdentity id = identify_program(path);
    CHECK(id.version == "solver 2.1");
    CHECK(id.sha256.size() == 64);
    RunSettings s;
    s.configs = parse_configs({"default=", "s=exec:solver"});
    const KeyValues m = make_manifest(s, {"/bin/craig", "0123456789abcdef", 1}, {"0.1", ""}, {{"s", id}});
    CHECK(m.get("program.s") == path);
    CHECK(m.get("program-version.s") == "solver 2.1");
    ProgramIdentity changed = id;
    changed.sha256[0] = changed.sha256[0] == '0' ? '1' : '0';
    const std::vector<std::string> d =
        manifest_differences(m, make_manifest(s, {"/bin/craig", "0123456789abcdef", 1}, {"0.1", ""}, {{"s", changed}}));
    REQUIRE(d.size() == 1);
    CHECK(d[0].rfind("program-sha256.s:", 0) == 0);
    REQUIRE(settings_of(m).configs.size() == 2);
    CHECK(settings_of(m).configs[1].program == "solver");
}

TEST_CASE("external runs: BenchExec's rules, an answer only from exit code 0, the solvers' own timeouts") {
    CHECK(classify_external_run(exited(0), "sat\n", "", "sat", 10).category == Category::Correct);
    CHECK(classify_external_run(exited(0), "(comment)\nunsat\nsat\n", "", "sat", 10).status == "unsat");
    CHECK(classify_external_run(exited(0), "unknown\n", "", "sat", 10).category == Category::Unknown);
    CHECK(classify_external_run(exited(1), "sat\n", "", "sat", 10).status == "ERROR (exit code 1)");
    CHECK(classify_external_run(exited(5), "sat\n", "", "sat", 10).status == "ERROR (exit code 5)");
    CHECK(classify_external_run(exited(0), "", "", "sat", 10).status == "ERROR (no answer)");
    CHECK(classify_external_run(exited(0, 11), "sat\n", "", "sat", 10).status == "TIMEOUT");  // over the limit
    CHECK(classify_external_run(exited(0, 0.1, 10.2), "timeout\n", "", "sat", 10).status == "TIMEOUT");  // z3 -T
    CHECK(classify_external_run(exited(0, 0.1, 3), "timeout\n", "", "sat", 10).status == "unknown");    // gave up
    Measurement aborted = exited(-1, 1, 10.1);
    aborted.signal = SIGABRT;
    CHECK(classify_external_run(aborted, "", "cvc5 interrupted by timeout.", "sat", 10).status == "TIMEOUT");
    CHECK(classify_external_run(aborted, "", "assertion failed", "sat", 10).status == "ERROR (signal 6)");
    Measurement killed = exited(-1, 10.05);
    killed.signal = SIGKILL;
    killed.killed = Termination::CpuTime;
    CHECK(classify_external_run(killed, "sat\n", "", "sat", 10).status == "TIMEOUT");
}

TEST_CASE("{folder} names the run's folder, in external and craig configurations") {
    CHECK(external_command(external("z=exec:z3 -log:{folder}/z3.log"), "/usr/bin/z3", "/t.smt2", 0, 0, "/out/runs/z/t/1") ==
          std::vector<std::string>{"/usr/bin/z3", "-log:/out/runs/z/t/1/z3.log", "/t.smt2"});
    CHECK(substituted("--emit-chc {folder}/e.smt2", {{"{file}", "/a.yml"}, {"{folder}", "/r"}}) == "--emit-chc /r/e.smt2");
    CHECK(substituted("{file}{file}", {{"{file}", "{folder}"}, {"{folder}", "x"}}) == "{folder}{folder}");
}
