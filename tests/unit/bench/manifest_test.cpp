#include <doctest/doctest.h>

#include <filesystem>
#include <sstream>

#include "bench/bench_run.hpp"
#include "bench/manifest.hpp"
#include "bench/results_dir.hpp"
#include "temp_dir.hpp"

using namespace craig::bench;
using craig::bench::test::TempDir;

namespace {

RunSettings settings() {
    RunSettings s;
    s.sets = {"/tasks"};
    s.timeout = 10;
    s.memory_mb = 500;
    s.configs = parse_configs({"default=", "bmc=--engine bmc --bound 5"});
    return s;
}

}  // namespace

TEST_CASE("configurations: NAME=ARGS, the harness's own options refused, names unique") {
    std::string why;
    const std::optional<Config> c = parse_config("bmc=--engine bmc  --bound 5", &why);
    REQUIRE(c);
    CHECK(c->name == "bmc");
    CHECK(c->args == std::vector<std::string>{"--engine", "bmc", "--bound", "5"});
    CHECK_FALSE(parse_config("x=--timeout 5", &why));
    CHECK(why.find("--timeout") != std::string::npos);
    CHECK_FALSE(parse_config("a/b=", &why));
    CHECK_THROWS_AS(parse_configs({"a=", "a=--engine bmc"}), std::invalid_argument);
    CHECK(parse_configs({}).front().name == "default");
}

TEST_CASE("manifest: the same settings agree, another binary or option is named, settings read back") {
    const BinaryIdentity bin{"/bin/craig", "0123456789abcdef", 42};
    const KeyValues m = make_manifest(settings(), bin, {"0.1.0", "abc"});
    CHECK(manifest_differences(m, make_manifest(settings(), bin, {"0.1.0", "abc"})).empty());
    RunSettings other = settings();
    other.timeout = 20;
    std::vector<std::string> d = manifest_differences(m, make_manifest(other, bin, {"0.1.0", "abc"}));
    REQUIRE(d.size() == 1);
    CHECK(d[0].rfind("timeout:", 0) == 0);
    BinaryIdentity rebuilt = bin;
    rebuilt.hash = "fedcba9876543210";
    CHECK(manifest_differences(m, make_manifest(settings(), rebuilt, {"0.1.0", "abc"})).size() == 1);
    other = settings();
    other.configs[1].args.push_back("--stats-more");
    CHECK(manifest_differences(m, make_manifest(other, bin, {"0.1.0", "abc"})).size() == 1);
    const RunSettings back = settings_of(m);
    CHECK(back.sets == settings().sets);
    CHECK(back.timeout == 10);
    CHECK(back.memory_mb == 500);
    REQUIRE(back.configs.size() == 2);
    CHECK(back.configs[1].args_text() == "--engine bmc --bound 5");
}

TEST_CASE("manifest: the wall-clock limit and the measured binary are read back; a folder without walltime means 0") {
    const BinaryIdentity bin{"/opt/old/craig", "0123456789abcdef", 42};
    RunSettings s = settings();
    s.walltime = 30;
    s.craig = "/opt/old/craig";
    KeyValues m = make_manifest(s, bin, {"craig 0.0.9", ""});
    const RunSettings back = settings_of(m);
    CHECK(back.walltime == 30);
    CHECK(back.craig == "/opt/old/craig");
    RunSettings other = s;
    other.walltime = 0;
    const std::vector<std::string> d = manifest_differences(m, make_manifest(other, bin, {"craig 0.0.9", ""}));
    REQUIRE(d.size() == 1);
    CHECK(d[0].rfind("walltime:", 0) == 0);
    KeyValues old_folder = make_manifest(settings(), bin, {"0.1.0", "abc"});
    KeyValues without;
    for (const auto& [k, v] : old_folder.all())
        if (k != "walltime") without.set(k, v);
    CHECK(manifest_differences(without, make_manifest(settings(), bin, {"0.1.0", "abc"})).empty());
    CHECK(settings_of(without).walltime == 0);
}

TEST_CASE("another binary's identity: its --version line, the commit in parentheses") {
    TempDir d;
    const std::string with = d.write("with", "#!/bin/sh\necho 'craig 0.2.0 (commit abc1234)'\n");
    const std::string without = d.write("without", "#!/bin/sh\necho 'craig 0.1.0'\necho more\n");
    const std::string silent = d.write("it's silent", "#!/bin/sh\nexit 0\n");
    for (const std::string& f : {with, without, silent}) std::filesystem::permissions(f, std::filesystem::perms::owner_all);
    ToolIdentity a = ask_tool_identity(with), b = ask_tool_identity(without), c = ask_tool_identity(silent);
    CHECK(a.version == "craig 0.2.0");
    CHECK(a.commit == "abc1234");
    CHECK(b.version == "craig 0.1.0");
    CHECK(b.commit.empty());
    CHECK(c.version.empty());
}

TEST_CASE("binary identity: a hash of the contents") {
    TempDir d;
    const std::string a = d.write("a", "craig one"), b = d.write("b", "craig two");
    CHECK(identify_binary(a).hash.size() == 16);
    CHECK(identify_binary(a).hash != identify_binary(b).hash);
    CHECK(identify_binary(a).size == 9);
    CHECK(identify_binary(d.path() + "/none").hash.empty());
}

TEST_CASE("run_bench refuses a folder with results without --resume, and a resume with other settings") {
    TempDir d;
    d.write("set/t.c", "int main(void) { return 0; }\n");
    const std::string out = d.path() + "/out";
    std::filesystem::create_directories(out);
    BinaryIdentity self = identify_binary("/proc/self/exe");
    RunSettings s;
    s.sets = {d.path() + "/set"};
    s.configs = parse_configs({});
    write_key_values_atomically(manifest_path(out), make_manifest(s, self, {"0", ""}));
    std::ostringstream o, e;
    BenchRunOptions fresh;
    fresh.sets = s.sets;
    fresh.out = out;
    CHECK(run_bench(fresh, {"0", ""}, o, e, [] { return false; }) == BenchStatus::Usage);
    CHECK(e.str().find("holds results already") != std::string::npos);
    BenchRunOptions resume = fresh;
    resume.out.clear();
    resume.resume = out;
    resume.timeout = 7;
    e.str("");
    CHECK(run_bench(resume, {"0", ""}, o, e, [] { return false; }) == BenchStatus::Usage);
    CHECK(e.str().find("timeout: '0' in the folder, '7' now") != std::string::npos);
    // Another binary: the manifest's hash is not this one's.
    KeyValues other = make_manifest(s, self, {"0", ""});
    other.set("binary-hash", "0000000000000000");
    write_key_values_atomically(manifest_path(out), other);
    resume.timeout = 0;
    e.str("");
    CHECK(run_bench(resume, {"0", ""}, o, e, [] { return false; }) == BenchStatus::Usage);
    CHECK(e.str().find("binary-hash") != std::string::npos);
    // Without SETs the manifest's settings are taken; --timeout then is refused.
    BenchRunOptions bare;
    bare.resume = out;
    bare.settings_given = true;
    e.str("");
    CHECK(run_bench(bare, {"0", ""}, o, e, [] { return false; }) == BenchStatus::Usage);
    CHECK(e.str().find("takes the manifest's settings") != std::string::npos);
}

TEST_CASE("results folder: finished runs are read back from their records; a half-written one is not") {
    TempDir d;
    KeyValues m;
    m.set("binary-hash", "x");
    m.set("configs", "a,b");
    write_key_values_atomically(manifest_path(d.path()), m);
    RunRecord r;
    r.config = "b";
    r.task = "t.yml";
    r.status = "true";
    r.category = Category::Correct;
    r.folder = run_folder("b", "t.yml", 1);
    std::filesystem::create_directories(d.path() + "/" + r.folder);
    write_key_values_atomically(d.path() + "/" + r.folder + "/result.txt", record_to_key_values(r));
    RunRecord first = r;
    first.config = "a";
    first.folder = run_folder("a", "t.yml", 1);
    std::filesystem::create_directories(d.path() + "/" + first.folder);
    write_key_values_atomically(d.path() + "/" + first.folder + "/result.txt", record_to_key_values(first));
    d.write("runs/a/u.yml/1/result.txt", "config: a\ntask: u.yml\n");  // incomplete
    const ResultsDir back = load_results(d.path());
    CHECK(back.configs == std::vector<std::string>{"a", "b"});
    REQUIRE(back.runs.size() == 2);
    CHECK(back.runs[0].config == "a");
    CHECK(back.runs[1].config == "b");
    CHECK(back.runs[1].status == "true");
    CHECK(back.runs[1].category == Category::Correct);
    CHECK_THROWS_AS(load_results(d.path() + "/runs"), std::invalid_argument);
}
