// SV-COMP task and property files (frontend/task.hpp). Fixtures are written to a fresh
// temporary directory; the real tasks of ../shared/bench/svcomp are read by the test case of the
// suite "shared-bench" (ctest unit.frontend.svcomp, SKIPPED without them).
#include <doctest/doctest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "frontend/task.hpp"
#include "frontend_test_util.hpp"

using namespace craig::frontend;
namespace fs = std::filesystem;

namespace {

const char* kUnreach = "CHECK( init(main()), LTL(G ! call(reach_error())) )\n";
const char* kTermination = "CHECK( init(main()), LTL(F end) )\n";

// A fresh directory tasks/ + properties/ under the system's temporary directory, removed at
// the end of the test case.
class Fixture {
public:
    Fixture() {
        static int counter = 0;
        dir_ = fs::temp_directory_path() /
               ("craig-test-task-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
        fs::remove_all(dir_);
        fs::create_directories(dir_ / "tasks");
        fs::create_directories(dir_ / "properties");
        write("properties/unreach-call.prp", kUnreach);
        write("properties/termination.prp", kTermination);
    }
    ~Fixture() {
        std::error_code ec;
        fs::remove_all(dir_, ec);
    }
    std::string write(const std::string& rel, const std::string& text) const {
        std::ofstream(dir_ / rel) << text;
        return path(rel);
    }
    std::string path(const std::string& rel) const { return (dir_ / rel).lexically_normal().string(); }

private:
    fs::path dir_;
};

// "LINE:COL message" of the ParseError read_task_file raises, "ok" if none.
std::string task_error(const std::string& file) {
    try {
        read_task_file(file);
    } catch (const ParseError& e) {
        return std::to_string(e.location().line) + ":" + std::to_string(e.location().col) + " " + e.message();
    }
    return "ok";
}

}  // namespace

TEST_CASE("property files: unreach-call modulo whitespace, anything else is Other") {
    Fixture fx;
    Property p = read_property_file(fx.path("properties/unreach-call.prp"));
    CHECK(p.kind == PropertyKind::UnreachCall);
    CHECK(p.text == "CHECK( init(main()), LTL(G ! call(reach_error())) )");
    CHECK(p.file == fx.path("properties/unreach-call.prp"));

    CHECK(read_property_file(fx.path("properties/termination.prp")).kind == PropertyKind::Other);
    CHECK(
        read_property_file(fx.write("properties/old.prp", "  CHECK(init(main()),\n\tLTL(G !call(__VERIFIER_error())))"))
            .kind == PropertyKind::UnreachCall);
    // another entry function, another error function, or an extra check are not unreach-call
    CHECK(classify_property("CHECK( init(start()), LTL(G ! call(reach_error())) )") == PropertyKind::Other);
    CHECK(classify_property("CHECK( init(main()), LTL(G ! call(abort())) )") == PropertyKind::Other);
    CHECK(classify_property(std::string(kUnreach) + "CHECK( init(main()), LTL(G valid-free) )") == PropertyKind::Other);
    CHECK(classify_property("") == PropertyKind::Other);

    CHECK_THROWS_AS(read_property_file(fx.path("properties/missing.prp")), InputError);
    CHECK_THROWS_AS(read_property_file(fx.path("properties")), InputError);
}

TEST_CASE("task file: input_files as a string, properties, default data model") {
    Fixture fx;
    std::string yml = fx.write("tasks/sum.yml",
                               "format_version: '2.0'\n"
                               "# old file name: sum_true-unreach-call.c\n"
                               "input_files: 'sum.c'\n"
                               "properties:\n"
                               "  - property_file: ../properties/termination.prp\n"
                               "    expected_verdict: true\n"
                               "  - property_file: ../properties/unreach-call.prp\n"
                               "    expected_verdict: false\n"
                               "  - property_file: ../properties/coverage-branches.prp\n"
                               "  - property_file: ../properties/valid-memsafety.prp\n"
                               "    expected_verdict: false\n"
                               "    subproperty: valid-deref\n"
                               "options:\n"
                               "  language: C\n");
    Task t = read_task_file(yml);
    CHECK(t.yml_path == yml);
    REQUIRE(t.input_files.size() == 1);
    CHECK(t.input_files[0] == fx.path("tasks/sum.c"));
    CHECK(t.language == "C");
    CHECK(t.data_model == DataModel::ILP32);
    REQUIRE(t.properties.size() == 4);
    CHECK(t.properties[0].property_file == fx.path("properties/termination.prp"));
    CHECK(t.properties[0].expected_verdict == std::optional<bool>(true));
    CHECK(t.properties[2].expected_verdict == std::nullopt);
    CHECK(t.properties[3].subproperty == "valid-deref");
    CHECK(t.properties[0].subproperty.empty());

    const TaskProperty* p = find_unreach_call(t);
    REQUIRE(p);
    CHECK(p == &t.properties[1]);
    CHECK(p->expected_verdict == std::optional<bool>(false));
}

TEST_CASE("task file: input_files as a list, LP64") {
    Fixture fx;
    std::string yml = fx.write("tasks/two.yml",
                               "format_version: '2.0'\n"
                               "input_files:\n"
                               "  - 'a.c'\n"
                               "  - sub/b.i\n"
                               "  - /abs/c.c\n"
                               "properties:\n"
                               "  - property_file: ../properties/unreach-call.prp\n"
                               "    expected_verdict: true\n"
                               "options:\n"
                               "  language: C\n"
                               "  data_model: LP64\n");
    Task t = read_task_file(yml);
    REQUIRE(t.input_files.size() == 3);
    CHECK(t.input_files[0] == fx.path("tasks/a.c"));
    CHECK(t.input_files[1] == fx.path("tasks/sub/b.i"));
    CHECK(t.input_files[2] == "/abs/c.c");
    CHECK(t.data_model == DataModel::LP64);
    const TaskProperty* p = find_unreach_call(t);
    REQUIRE(p);
    CHECK(p->expected_verdict == std::optional<bool>(true));
}

TEST_CASE("task file: format_version 1.0 without options is C under ILP32") {
    Fixture fx;
    Task t = read_task_file(fx.write("tasks/v1.yml",
                                     "format_version: '1.0'\n"
                                     "input_files: 'v1.i'\n"
                                     "properties:\n"
                                     "  - property_file: ../properties/unreach-call.prp\n"
                                     "    expected_verdict: true\n"));
    CHECK(t.language == "C");
    CHECK(t.data_model == DataModel::ILP32);
    CHECK(t.input_files == std::vector<std::string>{fx.path("tasks/v1.i")});
    REQUIRE(find_unreach_call(t));
    // 2.0 needs them
    CHECK(task_error(fx.write("tasks/v2.yml",
                              "format_version: '2.0'\n"
                              "input_files: 'v2.i'\n"
                              "properties: []\n")) == "1:1 missing key 'options' in the task");
}

TEST_CASE("task file: a task without an unreach-call property") {
    Fixture fx;
    Task t = read_task_file(fx.write("tasks/term.yml",
                                     "format_version: '2.0'\n"
                                     "input_files: 't.c'\n"
                                     "properties:\n"
                                     "  - property_file: ../properties/termination.prp\n"
                                     "    expected_verdict: true\n"
                                     "  - property_file: ../properties/no-overflow.prp\n"
                                     "options: {language: C, data_model: ILP32}\n"));
    CHECK(t.properties.size() == 2);
    CHECK(find_unreach_call(t) == nullptr);

    // an absent property file counts as unreach-call by its standard name only
    Task u = read_task_file(fx.write("tasks/absent.yml",
                                     "input_files: 't.c'\n"
                                     "properties:\n"
                                     "  - property_file: ../elsewhere/unreach-call.prp\n"
                                     "options: {language: C}\n"));
    const TaskProperty* p = find_unreach_call(u);
    REQUIRE(p);
    CHECK(p->expected_verdict == std::nullopt);
}

TEST_CASE("task file errors: missing and ill-typed keys carry a location") {
    Fixture fx;
    CHECK(task_error(fx.write("tasks/noinput.yml",
                              "format_version: '2.0'\n"
                              "properties:\n"
                              "  - property_file: ../properties/unreach-call.prp\n"
                              "options:\n"
                              "  language: C\n")) == "1:1 missing key 'input_files' in the task");
    CHECK(task_error(fx.write("tasks/emptylist.yml",
                              "input_files: []\n"
                              "properties: []\n"
                              "options: {language: C}\n")) == "1:14 input_files must name at least one file");
    CHECK(task_error(fx.write("tasks/mapinput.yml",
                              "input_files: {a: b}\n"
                              "properties: []\n"
                              "options: {language: C}\n")) == "1:14 input_files must be a string or a list of strings");
    CHECK(task_error(fx.write("tasks/noprops.yml",
                              "input_files: a.c\n"
                              "options: {language: C}\n")) == "1:1 missing key 'properties' in the task");
    CHECK(task_error(fx.write("tasks/nofile.yml",
                              "input_files: a.c\n"
                              "properties:\n"
                              "  - expected_verdict: true\n"
                              "options: {language: C}\n")) == "3:5 missing key 'property_file' in a property");
    CHECK(task_error(fx.write("tasks/verdict.yml",
                              "input_files: a.c\n"
                              "properties:\n"
                              "  - property_file: p.prp\n"
                              "    expected_verdict: maybe\n"
                              "options: {language: C}\n")) == "4:23 expected_verdict must be true or false");
    CHECK(task_error(fx.write("tasks/nooptions.yml",
                              "input_files: a.c\n"
                              "properties: []\n")) == "1:1 missing key 'options' in the task");
    CHECK(task_error(fx.write("tasks/nolang.yml",
                              "input_files: a.c\n"
                              "properties: []\n"
                              "options:\n"
                              "  data_model: ILP32\n")) == "4:3 missing key 'language' in options");
    CHECK(task_error(fx.write("tasks/dm.yml",
                              "input_files: a.c\n"
                              "properties: []\n"
                              "options:\n"
                              "  language: C\n"
                              "  data_model: LLP64\n")) ==
          "5:15 options.data_model must be ILP32 or LP64, not 'LLP64'");
    CHECK(task_error(fx.write("tasks/list.yml", "- a\n- b\n")) ==
          "1:1 a task file must be a YAML map (format_version 2.0)");
    CHECK(task_error(fx.write("tasks/empty.yml", "")) == "0:0 a task file must be a YAML map (format_version 2.0)");
}

TEST_CASE("task file errors: wrong language is unsupported") {
    Fixture fx;
    std::string yml = fx.write("tasks/java.yml",
                               "input_files: Main.java\n"
                               "properties:\n"
                               "  - property_file: ../properties/assert_java.prp\n"
                               "options:\n"
                               "  language: Java\n");
    try {
        read_task_file(yml);
        FAIL("no error");
    } catch (const Unsupported& e) {
        CHECK(e.construct() == "language Java");
        CHECK(e.location().line == 5);
        CHECK(e.location().col == 13);
    }
}

TEST_CASE("task file errors: malformed YAML and unreadable files") {
    Fixture fx;
    // an unclosed flow sequence; yaml-cpp reports where it gave up
    std::string msg = task_error(fx.write("tasks/bad.yml",
                                          "input_files: [a.c, b.c\n"
                                          "properties: []\n"));
    CHECK(msg.find("malformed task file") != std::string::npos);
    CHECK(msg.rfind("0:0", 0) != 0);  // a real location
    try {
        read_task_file(fx.write("tasks/tab.yml", "input_files: a.c\n  properties:\n\t- x\n"));
        FAIL("no error");
    } catch (const ParseError& e) {
        CHECK(e.location().line >= 2);
        CHECK(std::string(e.what()).rfind(fx.path("tasks/tab.yml") + ":", 0) == 0);
    }
    // deep nesting is refused by yaml-cpp's depth guard, not by a stack overflow
    CHECK(task_error(fx.write("tasks/deep.yml", std::string(100000, '[') + "\n")) != "ok");
    CHECK(task_error(fx.write("tasks/binary.yml", std::string("\0\xff\xfe{:\x01", 7))) != "ok");

    CHECK_THROWS_AS(read_task_file(fx.path("tasks/missing.yml")), InputError);
    CHECK_THROWS_AS(read_task_file(fx.path("tasks")), InputError);
}

// Needs the development set (suite "shared-bench", ctest unit.frontend.svcomp; see svcomp_dir).
TEST_CASE("real SV-COMP tasks" * doctest::test_suite("shared-bench")) {
    const fs::path dir = craig::frontend::test::svcomp_dir() / "c";
    REQUIRE_MESSAGE(fs::exists(dir / "loops"), (dir / "loops").string() << " not found (set CRAIG_SVCOMP)");
    int read = 0;
    for (const char* name : {"loops/sum01-1.yml", "loop-lit/afnp2014.yml", "loop-invgen/heapsort.yml"}) {
        const fs::path yml = dir / name;
        if (!fs::exists(yml)) {
            MESSAGE("missing " << yml.string());
            continue;
        }
        CAPTURE(yml.string());
        Task t = read_task_file(yml.string());
        REQUIRE(!t.input_files.empty());
        CHECK(fs::exists(t.input_files[0]));
        const TaskProperty* p = find_unreach_call(t);
        REQUIRE(p);
        CHECK(p->expected_verdict.has_value());
        CHECK(read_property_file(p->property_file).kind == PropertyKind::UnreachCall);
        ++read;
    }
    CHECK(read >= 1);

    // every task of the set reads; those with an unreach-call property have a verdict for it
    // (c/loops/invert_string-2.yml has only valid-memsafety)
    int all = 0, unreach = 0;
    for (const auto& e : fs::recursive_directory_iterator(dir)) {
        if (e.path().extension() != ".yml") continue;
        CAPTURE(e.path().string());
        Task t = read_task_file(e.path().string());
        if (const TaskProperty* p = find_unreach_call(t)) {
            CHECK(p->expected_verdict.has_value());
            ++unreach;
        }
        ++all;
    }
    CHECK(unreach >= all - 1);
    MESSAGE(all << " task files read, " << unreach << " with unreach-call");
}
