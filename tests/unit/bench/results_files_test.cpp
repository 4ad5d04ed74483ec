#include <doctest/doctest.h>

#include <sstream>

#include "bench/result_csv.hpp"
#include "bench/result_xml.hpp"
#include "bench/task_results.hpp"

using namespace craig::bench;

namespace {

RunRecord run(const std::string& config, const std::string& task, unsigned k, const std::string& expected,
              const std::string& status, double cpu) {
    RunRecord r;
    r.config = config;
    r.task = task;
    r.repetition = k;
    r.file = "/t/" + task;
    r.expected = expected;
    r.status = status;
    r.category = category_of(expected, status);
    r.cpu_seconds = cpu;
    r.wall_seconds = cpu + 0.1;
    r.memory_bytes = 1000;
    r.exit_code = 0;
    r.folder = run_folder(config, task, k);
    return r;
}

}  // namespace

TEST_CASE("summary per configuration: counts, SV-COMP score, CPU time of the correct answers") {
    const std::vector<RunRecord> runs = {
        run("a", "t1.yml", 1, "true", "true", 1.0),    run("a", "t2.yml", 1, "false", "false(unreach-call)", 2.0),
        run("a", "t3.yml", 1, "false", "true", 0.5),   run("a", "t4.yml", 1, "true", "false(unreach-call)", 0.5),
        run("a", "t5.yml", 1, "true", "TIMEOUT", 9.0), run("a", "t6.yml", 1, "true", "unknown", 1.0),
        run("a", "t7.yml", 1, "", "true", 1.0),        run("b", "t1.yml", 1, "true", "true", 3.0)};
    const ConfigSummary s = summarize("a", task_results(runs, "a"));
    CHECK(s.tasks == 7);
    CHECK(s.correct_true == 1);
    CHECK(s.correct_false == 1);
    CHECK(s.wrong_true == 1);
    CHECK(s.wrong_false == 1);
    CHECK(s.error == 1);
    CHECK(s.unknown == 1);
    CHECK(s.missing == 1);
    CHECK(s.score == 2 + 1 - 32 - 16);
    CHECK(s.cpu_correct == doctest::Approx(3.0));
    CHECK(summarize("b", task_results(runs, "b")).score == 2);
}

TEST_CASE("repetitions: medians, and a status only when all agree") {
    const std::vector<RunRecord> same = {run("a", "t.yml", 1, "true", "true", 1.0),
                                         run("a", "t.yml", 2, "true", "true", 3.0),
                                         run("a", "t.yml", 3, "true", "true", 2.0)};
    const std::vector<TaskResult> r = task_results(same, "a");
    REQUIRE(r.size() == 1);
    CHECK(r[0].cpu_seconds == doctest::Approx(2.0));
    CHECK(r[0].category == Category::Correct);
    CHECK(r[0].runs.size() == 3);
    const std::vector<RunRecord> differ = {run("a", "t.yml", 1, "true", "true", 1.0),
                                           run("a", "t.yml", 2, "true", "TIMEOUT", 9.0)};
    const std::vector<TaskResult> d = task_results(differ, "a");
    CHECK(d[0].status == "ERROR (repetitions disagree: true, TIMEOUT)");
    CHECK(d[0].category == Category::Error);
    CHECK(d[0].score == 0);
}

TEST_CASE("BenchExec result XML: header, one <run> per task with status, category, times, memory, expected verdict") {
    const std::vector<RunRecord> runs = {run("a", "x<1>.yml", 1, "true", "true", 1.5),
                                         run("a", "y.yml", 1, "false", "TIMEOUT", 10.0)};
    KeyValues m;
    m.set("timeout", "10");
    m.set("memory", "0");
    m.set("craig-version", "0.1.0");
    m.set("config.a", "--engine bmc");
    std::ostringstream out;
    write_result_xml(out, m, "a", task_results(runs, "a"), "now");
    const std::string xml = out.str();
    CHECK(xml.find("<!DOCTYPE result") != std::string::npos);
    CHECK(xml.find("<result benchmarkname=\"craig-bench\" name=\"a\"") != std::string::npos);
    CHECK(xml.find("timelimit=\"10s\"") != std::string::npos);
    CHECK(xml.find("memlimit") == std::string::npos);
    CHECK(xml.find("options=\"--engine bmc\"") != std::string::npos);
    CHECK(xml.find("<run name=\"x&lt;1&gt;.yml\" files=\"[/t/x&lt;1&gt;.yml]\" properties=\"unreach-call\"") !=
          std::string::npos);
    CHECK(xml.find("expectedVerdict=\"true\"") != std::string::npos);
    CHECK(xml.find("<column title=\"status\" value=\"true\"/>") != std::string::npos);
    CHECK(xml.find("<column title=\"cputime\" value=\"1.5s\"/>") != std::string::npos);
    CHECK(xml.find("<column title=\"memory\" value=\"1000B\"/>") != std::string::npos);
    CHECK(xml.find("<column hidden=\"true\" title=\"category\" value=\"correct\"/>") != std::string::npos);
    CHECK(xml.find("<column title=\"status\" value=\"TIMEOUT\"/>") != std::string::npos);
    CHECK(xml.find("<column hidden=\"true\" title=\"category\" value=\"error\"/>") != std::string::npos);
    std::size_t n = 0;
    for (std::size_t at = 0; (at = xml.find("<run ", at)) != std::string::npos; ++at) ++n;
    CHECK(n == 2);
    CHECK(xml.rfind("</result>\n") == xml.size() - 10);
}

TEST_CASE("CSV: a header and one row per run, quoted where needed") {
    const std::vector<RunRecord> runs = {run("a", "t,1.yml", 1, "true", "true", 1.0),
                                         run("a", "t2.yml", 1, "true", "ERROR (exit, 3)", 1.0)};
    std::ostringstream out;
    write_result_csv(out, runs);
    std::istringstream in(out.str());
    std::string header, row1, row2;
    std::getline(in, header);
    std::getline(in, row1);
    std::getline(in, row2);
    CHECK(header.rfind("config,task,repetition,tool,status,category,expected,cputime", 0) == 0);
    CHECK(row1.rfind("a,\"t,1.yml\",1,verify,true,correct,true,1,", 0) == 0);
    CHECK(row2.find(",\"ERROR (exit, 3)\",error,") != std::string::npos);
}
