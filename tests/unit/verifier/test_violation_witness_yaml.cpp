// YAML 2.0 violation witnesses (violation_witness_yaml.hpp) of replayed counterexamples,
// read back with yaml-cpp: metadata and hash, one follow waypoint per segment, the kinds,
// exact locations (the call's ')', the statement keyword, the reach_error call) and values.
#include <doctest/doctest.h>

#include <cstdint>
#include <regex>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include <yaml-cpp/yaml.h>

#include "frontend/frontend.hpp"
#include "frontend/replay.hpp"
#include "temp_program.hpp"
#include "verifier/witness/correctness_witness.hpp"
#include "verifier/witness/sha256.hpp"
#include "verifier/witness/violation_witness_yaml.hpp"

using namespace craig;
using namespace craig::verifier;

namespace {

using test::TempProgram;

struct Written {
    std::string text;
    YamlViolationWitness result;
    WitnessInfo info;
};

Written witness_of(const TempProgram& p, std::vector<std::uint64_t> inputs,
                   frontend::DataModel dm = frontend::DataModel::ILP32) {
    frontend::TranslationUnit tu = frontend::parse_translation_unit(p.file.string(), dm);
    frontend::ReplayResult r = frontend::replay(tu, inputs);
    REQUIRE(r.outcome == frontend::ReplayOutcome::ReachedError);
    Written w;
    w.info = {p.file.string(), "CHECK( init(main()), LTL(G ! call(reach_error())) )",
              dm == frontend::DataModel::LP64 ? "64bit" : "32bit", "craig 0.1.0", ""};
    std::ostringstream out;
    w.result = write_violation_witness_yaml(out, w.info, r, "0f0e0d0c-0b0a-4908-8706-050403020100");
    w.text = out.str();
    return w;
}

struct Expected {
    std::string type;
    int line, column;
    std::string value;   // "" for target
    std::string format;  // "" when there is no format key
};

void check_waypoints(const YAML::Node& content, const std::vector<Expected>& expected, const std::string& file) {
    REQUIRE(content.IsSequence());
    REQUIRE(content.size() == expected.size());
    for (std::size_t i = 0; i < expected.size(); ++i) {
        CAPTURE(i);
        const YAML::Node seg = content[i]["segment"];
        REQUIRE(seg.IsSequence());
        REQUIRE(seg.size() == 1);
        const YAML::Node w = seg[0]["waypoint"];
        REQUIRE(w.IsMap());
        CHECK(w["type"].as<std::string>() == expected[i].type);
        CHECK(w["action"].as<std::string>() == "follow");
        CHECK(w["location"]["file_name"].as<std::string>() == file);
        CHECK(w["location"]["line"].as<int>() == expected[i].line);
        CHECK(w["location"]["column"].as<int>() == expected[i].column);
        CHECK(w["location"]["function"].as<std::string>() == "main");
        if (expected[i].value.empty()) {
            CHECK(!w["constraint"]);
        } else {
            CHECK(w["constraint"]["value"].as<std::string>() == expected[i].value);
            if (expected[i].format.empty())
                CHECK(!w["constraint"]["format"]);
            else
                CHECK(w["constraint"]["format"].as<std::string>() == expected[i].format);
        }
    }
}

}  // namespace

TEST_CASE("YAML violation witness: metadata, hash, function_return, branching and target waypoints") {
    TempProgram p(
        "extern int __VERIFIER_nondet_int(void);\n"             // 1
        "extern unsigned int __VERIFIER_nondet_uint(void);\n"   // 2
        "void reach_error(void);\n"                             // 3
        "int main(void) {\n"                                    // 4
        "  int x = __VERIFIER_nondet_int();\n"                  // 5: ')' at column 33
        "  unsigned int u = __VERIFIER_nondet_uint();\n"        // 6: ')' at column 43
        "  while (x > 0) {\n"                                   // 7
        "    x--;\n"                                            // 8
        "  }\n"                                                 // 9
        "  switch (u) { case 7: break; default: return 0; }\n"  // 10
        "  if (x == 0) reach_error();\n"                        // 11: reach_error at column 15
        "  return 0;\n"                                         // 12
        "}\n");
    const Written w = witness_of(p, {2, 7});
    CHECK(w.result.written);
    CHECK(w.result.waypoints == 8);
    CHECK(w.result.left_out == 0);
    const YAML::Node doc = YAML::Load(w.text);
    REQUIRE(doc.IsSequence());
    REQUIRE(doc.size() == 1);
    const YAML::Node e = doc[0];
    CHECK(e["entry_type"].as<std::string>() == "violation_sequence");
    const YAML::Node m = e["metadata"];
    CHECK(m["format_version"].as<std::string>() == "2.0");
    CHECK(m["uuid"].as<std::string>() == "0f0e0d0c-0b0a-4908-8706-050403020100");
    CHECK(std::regex_match(m["creation_time"].as<std::string>(), std::regex(R"(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ)")));
    CHECK(m["producer"]["name"].as<std::string>() == "craig");
    CHECK(m["producer"]["version"].as<std::string>() == "0.1.0");
    const std::string file = p.file.string();
    REQUIRE(m["task"]["input_files"].size() == 1);
    CHECK(m["task"]["input_files"][0].as<std::string>() == file);
    CHECK(m["task"]["input_file_hashes"][file].as<std::string>() == sha256_file(file));
    CHECK(m["task"]["specification"].as<std::string>() == "CHECK( init(main()), LTL(G ! call(reach_error())) )");
    CHECK(m["task"]["data_model"].as<std::string>() == "ILP32");
    CHECK(m["task"]["language"].as<std::string>() == "C");
    check_waypoints(e["content"],
                    {{"function_return", 5, 33, "\\result == 2", "acsl_expression"},
                     {"function_return", 6, 43, "\\result == 7", "acsl_expression"},
                     {"branching", 7, 3, "true", ""},
                     {"branching", 7, 3, "true", ""},
                     {"branching", 7, 3, "false", ""},
                     {"branching", 10, 3, "7", ""},
                     {"branching", 11, 3, "true", ""},
                     {"target", 11, 15, "", ""}},
                    file);
}

TEST_CASE("YAML violation witness: negative and large values, switch default, for, do-while left out") {
    TempProgram p(
        "extern int __VERIFIER_nondet_int(void);\n"                             // 1
        "extern unsigned long __VERIFIER_nondet_ulong(void);\n"                 // 2
        "void reach_error(void);\n"                                             // 3
        "int main(void) {\n"                                                    // 4
        "\tint a = __VERIFIER_nondet_int(), b = __VERIFIER_nondet_int();\n"     // 5: ')' at 32 and 61
        "  unsigned long big = __VERIFIER_nondet_ulong();\n"                    // 6: ')' at 47
        "  do { a++; } while (a < 0);\n"                                        // 7: left out
        "  for (int i = 0; i < 1; i++) { switch (b) { case 1: return 0; } }\n"  // 8: for 3, switch 33
        "  a >= 0 ? reach_error() : (void)0;\n"                                 // 9: call at 12 (a ?: is no branch)
        "  return 0;\n"                                                         // 10
        "}\n");
    const Written w =
        witness_of(p, {static_cast<std::uint64_t>(-2), static_cast<std::uint64_t>(-5), 0xFFFFFFFFFFFFFFFFull},
                   frontend::DataModel::LP64);
    CHECK(w.result.written);
    CHECK(w.result.left_out == 2);  // the two do-while decisions
    const YAML::Node e = YAML::Load(w.text)[0];
    CHECK(e["metadata"]["task"]["data_model"].as<std::string>() == "LP64");
    check_waypoints(e["content"],
                    {{"function_return", 5, 32, "\\result == -2", "acsl_expression"},
                     {"function_return", 5, 61, "\\result == -5", "acsl_expression"},
                     {"function_return", 6, 47, "\\result == 18446744073709551615U", "acsl_expression"},
                     {"branching", 8, 3, "true", ""},
                     {"branching", 8, 33, "default", ""},
                     {"branching", 8, 3, "false", ""},
                     {"target", 9, 12, "", ""}},
                    p.file.string());
}

TEST_CASE("YAML violation witness: nothing outside the program file, only replays that reach the error") {
    // Line markers put every location in another file: no target can be written.
    TempProgram p(
        "# 1 \"other.c\"\n"
        "void reach_error(void);\n"
        "int main(void) { reach_error(); return 0; }\n",
        "prog.i");
    const Written w = witness_of(p, {});
    CHECK(!w.result.written);
    CHECK(w.text.empty());
    CHECK(w.result.reason.find("not in the program file") != std::string::npos);

    TempProgram q("int main(void) { return 0; }\n");
    frontend::TranslationUnit tu = frontend::parse_translation_unit(q.file.string(), frontend::DataModel::ILP32);
    frontend::ReplayResult r = frontend::replay(tu, std::vector<std::uint64_t>{});
    std::ostringstream out;
    CHECK_THROWS_AS(write_violation_witness_yaml(out, {q.file.string(), "", "32bit", "craig"}, r, random_uuid()),
                    std::invalid_argument);
}
