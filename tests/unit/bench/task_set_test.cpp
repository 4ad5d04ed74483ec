#include <doctest/doctest.h>

#include <stdexcept>

#include "bench/task_set.hpp"
#include "temp_dir.hpp"

using namespace craig::bench;
using craig::bench::test::task_yml;
using craig::bench::test::TempDir;

namespace {

void make_tasks(const TempDir& d) {
    d.write("set/unreach-call.prp", "CHECK( init(main()), LTL(G ! call(reach_error())) )\n");
    d.write("set/termination.prp", "CHECK( init(main()), LTL(F end) )\n");
    d.write("set/a.c", "int main(void) { return 0; }\n");
    d.write("set/a_true.yml", task_yml("a.c", "true"));
    d.write("set/sub/b_false.yml", task_yml("../a.c", "false", "../unreach-call.prp"));
    d.write("set/c_none.yml", task_yml("a.c", ""));
    d.write("set/d_term.yml", task_yml("a.c", "true", "termination.prp"));
}

}  // namespace

TEST_CASE("a folder of task files: expected verdicts, names, a task without unreach-call left out") {
    TempDir d;
    make_tasks(d);
    const TaskSet s = read_task_sets({d.path() + "/set"}, std::nullopt);
    REQUIRE(s.tasks.size() == 3);
    CHECK(s.tasks[0].name == "set/a_true.yml");
    CHECK(s.tasks[0].expected == "true");
    CHECK(s.tasks[0].tool == Tool::Verify);
    CHECK(s.tasks[0].property_file == d.path() + "/set/unreach-call.prp");
    CHECK(s.tasks[1].name == "set/c_none.yml");
    CHECK(s.tasks[1].expected == "");
    CHECK(s.tasks[2].name == "set/sub/b_false.yml");
    CHECK(s.tasks[2].expected == "false");
    REQUIRE(s.notes.size() == 1);
    CHECK(s.notes[0].find("d_term.yml: no unreach-call property") != std::string::npos);
}

TEST_CASE("an SV-COMP .set file: globs relative to it, comments, a glob without match noted") {
    TempDir d;
    make_tasks(d);
    const std::string set = d.write("my.set", "# the set\nset/*_true.yml\nset/sub/*.yml  # nested\nset/none*.yml\n");
    const TaskSet s = read_task_sets({set}, std::nullopt);
    REQUIRE(s.tasks.size() == 2);
    CHECK(s.tasks[0].name == "set/a_true.yml");
    CHECK(s.tasks[1].name == "set/sub/b_false.yml");
    CHECK(s.tasks[1].expected == "false");
    REQUIRE(s.notes.size() == 1);
    CHECK(s.notes[0].find("matches no file") != std::string::npos);
}

TEST_CASE("a list file: a missing path is an error; the same file twice is one task") {
    TempDir d;
    make_tasks(d);
    const std::string list = d.write("list.txt", "set/a_true.yml\nset/a_true.yml\n");
    CHECK(read_task_sets({list, d.path() + "/set/a_true.yml"}, std::nullopt).tasks.size() == 1);
    const std::string bad = d.write("bad.txt", "set/missing.yml\n");
    CHECK_THROWS_AS(read_task_sets({bad}, std::nullopt), std::invalid_argument);
    CHECK_THROWS_AS(read_task_sets({d.path() + "/nothing"}, std::nullopt), std::invalid_argument);
    // Files outside the list's folder are named relative to the folder that holds them all.
    const std::string outside = d.write("lists/l.txt", "../set/a_true.yml\n" + d.path() + "/set/sub/b_false.yml\n");
    const TaskSet o = read_task_sets({outside}, std::nullopt);
    REQUIRE(o.tasks.size() == 2);
    CHECK(o.tasks[0].name == "a_true.yml");
    CHECK(o.tasks[1].name == "sub/b_false.yml");
}

TEST_CASE("SMT-LIB files: HORN runs chc, others solve; :status is the expected answer; mixed tools refused") {
    TempDir d;
    d.write("chc/safe.smt2", "(set-logic HORN)\n(set-info :status sat)\n(check-sat)\n");
    d.write("chc/unsafe.smt2", "(set-info :status unsat)\n(set-logic HORN)\n(check-sat)\n");
    d.write("smt/x.smt2", "(set-info :status unsat)\n(set-logic QF_LIA)\n(check-sat)\n");
    d.write("smt/y.smt2", "(set-logic QF_UF)\n(check-sat)\n");
    const TaskSet chc = read_task_sets({d.path() + "/chc"}, std::nullopt);
    REQUIRE(chc.tasks.size() == 2);
    CHECK(chc.tasks[0].tool == Tool::Chc);
    CHECK(chc.tasks[0].expected == "sat");
    CHECK(chc.tasks[1].expected == "unsat");
    const TaskSet smt = read_task_sets({d.path() + "/smt"}, std::nullopt);
    REQUIRE(smt.tasks.size() == 2);
    CHECK(smt.tasks[0].tool == Tool::Solve);
    CHECK(smt.tasks[0].expected == "unsat");
    CHECK(smt.tasks[1].expected == "");
    CHECK_THROWS_AS(read_task_sets({d.path()}, std::nullopt), std::invalid_argument);
    const TaskSet all = read_task_sets({d.path()}, Tool::Solve);
    CHECK(all.tasks.size() == 4);
    CHECK(all.tasks[0].tool == Tool::Solve);
}
